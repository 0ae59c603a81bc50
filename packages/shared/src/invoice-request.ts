import { z } from 'zod';
import { isProvinceCode } from './provinces.js';
import { hasCodiceFiscaleShape, isValidPartitaIva, normaliseCodiceFiscale, normalisePartitaIva } from './tax-ids.js';

/**
 * 'Richiedi fattura' at checkout (docs/decisions/0030-invoices.md). A private buyer gives a codice
 * fiscale; a business gives its name, Partita IVA and where the Exchange System (SdI) delivers the
 * invoice: a 7-character codice destinatario or a PEC. The invoice is addressed to the billing
 * address when one is given, else to the order's shipping address. The form runs these checks; the server also verifies the codice fiscale's
 * check letter.
 */

export const invoiceRequestMsg = {
  kind: 'Scegli se la fattura è per un privato o per un’azienda',
  taxCode: 'Codice fiscale non valido',
  companyName: 'Inserisci la ragione sociale (2-80 caratteri)',
  vatNumber: 'Partita IVA non valida',
  sdiCode: 'Il codice destinatario deve avere 7 caratteri (lettere e cifre)',
  pec: 'PEC non valida',
  sdiOrPec: 'Indica il codice destinatario o la PEC per ricevere la fattura elettronica',
  italyOnly: 'La fattura elettronica si può richiedere solo per indirizzi in Italia',
  postalCode: 'Per la fattura serve un CAP italiano di 5 cifre',
  billingStreet: 'Inserisci l’indirizzo di fatturazione (5-60 caratteri)',
  billingCity: 'Inserisci il comune di fatturazione (2-60 caratteri)',
  province: 'Sigla della provincia non valida (2 lettere, es. MI)',
} as const;

/** An Italian CAP: five digits, the form FatturaPA requires of an Italian address. */
export const ITALIAN_POSTAL_CODE = /^\d{5}$/;

/** 'Provincia': two letters ('MI'), or empty when not known. */
export const provinceField = z
  .string({ error: invoiceRequestMsg.province })
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, invoiceRequestMsg.province)
  .refine((code) => code === '' || isProvinceCode(code), invoiceRequestMsg.province);

/**
 * 'Indirizzo di fatturazione diverso': a company's registered seat, or a private buyer's residence,
 * when the parcel goes elsewhere. Italian (5-digit CAP). Absent: the shipping address.
 */
export const billingAddressSchema = z.strictObject({
  street: z.string({ error: invoiceRequestMsg.billingStreet }).trim().min(5, invoiceRequestMsg.billingStreet).max(60, invoiceRequestMsg.billingStreet),
  postalCode: z.string({ error: invoiceRequestMsg.postalCode }).trim().regex(ITALIAN_POSTAL_CODE, invoiceRequestMsg.postalCode),
  city: z.string({ error: invoiceRequestMsg.billingCity }).trim().min(2, invoiceRequestMsg.billingCity).max(60, invoiceRequestMsg.billingCity),
  province: provinceField,
});
export type BillingAddress = z.output<typeof billingAddressSchema>;

const taxCodeField = z
  .string({ error: invoiceRequestMsg.taxCode })
  .max(30, invoiceRequestMsg.taxCode)
  .transform(normaliseCodiceFiscale)
  .refine(hasCodiceFiscaleShape, invoiceRequestMsg.taxCode);

const optional = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const SDI_CODE_PATTERN = /^[A-Z0-9]{7}$/;

const privateRequest = z.strictObject({ kind: z.literal('private'), taxCode: taxCodeField, address: billingAddressSchema.optional() });
const businessRequest = z.strictObject({
  kind: z.literal('business'),
  companyName: z.string({ error: invoiceRequestMsg.companyName }).trim().min(2, invoiceRequestMsg.companyName).max(80, invoiceRequestMsg.companyName),
  vatNumber: z
    .string({ error: invoiceRequestMsg.vatNumber })
    .max(30, invoiceRequestMsg.vatNumber)
    .transform(normalisePartitaIva)
    .refine(isValidPartitaIva, invoiceRequestMsg.vatNumber),
  /** Only when the company's codice fiscale differs from its Partita IVA. */
  taxCode: z.preprocess(optional, taxCodeField.optional()),
  sdiCode: z.preprocess(
    optional,
    z
      .string({ error: invoiceRequestMsg.sdiCode })
      .trim()
      .toUpperCase()
      .regex(SDI_CODE_PATTERN, invoiceRequestMsg.sdiCode)
      .refine((c) => c !== '0000000', invoiceRequestMsg.sdiCode)
      .optional(),
  ),
  pec: z.preprocess(
    optional,
    z.string({ error: invoiceRequestMsg.pec }).trim().toLowerCase().max(255, invoiceRequestMsg.pec).email(invoiceRequestMsg.pec).optional(),
  ),
  address: billingAddressSchema.optional(),
});

export const invoiceRequestSchema = z.discriminatedUnion('kind', [privateRequest, businessRequest], { error: invoiceRequestMsg.kind }).superRefine((r, ctx) => {
  if (r.kind === 'business' && !r.sdiCode && !r.pec) ctx.addIssue({ code: 'custom', message: invoiceRequestMsg.sdiOrPec, path: ['sdiCode'] });
});
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;
export type InvoiceRequest = z.output<typeof invoiceRequestSchema>;

const addressDataSchema = z.object({ street: z.string(), postalCode: z.string(), city: z.string(), province: z.string() });
/** What the order keeps and shows (the values as normalised). */
export const invoiceRequestDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('private'), taxCode: z.string(), address: addressDataSchema.optional() }),
  z.object({
    kind: z.literal('business'),
    companyName: z.string(),
    vatNumber: z.string(),
    taxCode: z.string().optional(),
    sdiCode: z.string().optional(),
    pec: z.string().optional(),
    address: addressDataSchema.optional(),
  }),
]);
export type InvoiceRequestData = z.infer<typeof invoiceRequestDataSchema>;
