import { z } from 'zod';
import { CheckDigitizer, Matcher } from '@marketto/codice-fiscale-utils';
import { EMAIL_MAX } from './auth.js';
import { legalPageKindSchema } from './business.js';
import { ITALIAN_POSTAL_CODE, provinceField } from './invoice-request.js';
import { isValidPartitaIva, normaliseCodiceFiscale, normalisePartitaIva } from './tax-ids.js';

/**
 * A store's business details (Impostazioni → Dati aziendali) and its legal pages' Markdown. Kept
 * out of the package index: the codice fiscale library is for the dashboard and the server only.
 */

export const businessMsg = {
  companyName: 'Inserisci la ragione sociale (2-120 caratteri)',
  companyNameRequired: 'Inserisci la ragione sociale: va indicata insieme alla Partita IVA',
  vatNumber: 'Partita IVA non valida',
  vatNumberRequired: 'Inserisci la Partita IVA: va indicata insieme alla ragione sociale',
  taxCode: 'Codice fiscale non valido',
  street: 'Inserisci l’indirizzo della sede (5-60 caratteri)',
  postalCode: 'CAP non valido: servono 5 cifre',
  city: 'Inserisci il comune (2-60 caratteri)',
  pec: 'PEC non valida',
  phone: 'Numero di telefono non valido',
  email: 'Email non valida',
  markdownEmpty: 'Il testo della pagina non può essere vuoto',
  markdownTooLong: 'Il testo della pagina può contenere al massimo 50.000 caratteri',
  pageNotFound: 'Pagina non trovata',
} as const;

export const LEGAL_MARKDOWN_MAX = 50_000;

export { isValidPartitaIva, normaliseCodiceFiscale, normalisePartitaIva };

const personalCodiceFiscale = new RegExp(`^(?:${Matcher.CODICE_FISCALE})$`, 'u');

/** A codice fiscale: 16 characters of a person (shape, date, omocodie and check letter) or a company's 11 digits (the P.IVA rule). */
export function isValidCodiceFiscale(code: string): boolean {
  if (/^\d{11}$/.test(code)) return isValidPartitaIva(code);
  return code.length === 16 && personalCodiceFiscale.test(code) && CheckDigitizer.checkDigit(code) === code[15];
}

/** Optional text: empty means "not given". */
const optionalText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((s) => s === '' || s.length >= min, message);
const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, message)
    .refine((s) => s === '' || z.email().safeParse(s).success, message);

export const businessDetailsInputSchema = z
  .strictObject({
    companyName: optionalText(2, 120, businessMsg.companyName),
    vatNumber: z
      .string({ error: businessMsg.vatNumber })
      .max(30, businessMsg.vatNumber)
      .transform(normalisePartitaIva)
      .refine((s) => s === '' || isValidPartitaIva(s), businessMsg.vatNumber),
    taxCode: z
      .string({ error: businessMsg.taxCode })
      .max(30, businessMsg.taxCode)
      .transform(normaliseCodiceFiscale)
      .refine((s) => s === '' || isValidCodiceFiscale(s), businessMsg.taxCode),
    // The seat ('sede legale'), typed once: the storefront's footer, the legal pages and the invoices read it.
    street: optionalText(5, 60, businessMsg.street),
    postalCode: z
      .string({ error: businessMsg.postalCode })
      .trim()
      .refine((s) => s === '' || ITALIAN_POSTAL_CODE.test(s), businessMsg.postalCode),
    city: optionalText(2, 60, businessMsg.city),
    province: provinceField,
    pec: optionalEmail(businessMsg.pec),
    // The checkout's rule for phone numbers.
    phone: z
      .string({ error: businessMsg.phone })
      .trim()
      .max(30, businessMsg.phone)
      .regex(/^[+\d][\d\s./-]*$|^$/, businessMsg.phone),
    email: optionalEmail(businessMsg.email),
  })
  .superRefine((b, ctx) => {
    // A P.IVA without a name identifies nobody, a company name without one is not a business yet.
    if (b.vatNumber && !b.companyName) ctx.addIssue({ code: 'custom', message: businessMsg.companyNameRequired, path: ['companyName'] });
    if (b.companyName && !b.vatNumber) ctx.addIssue({ code: 'custom', message: businessMsg.vatNumberRequired, path: ['vatNumber'] });
    // Half an address is no address: once one part is given, street, CAP and city all are.
    if (b.street || b.postalCode || b.city || b.province) {
      for (const key of ['street', 'postalCode', 'city'] as const) if (!b[key]) ctx.addIssue({ code: 'custom', message: businessMsg[key], path: [key] });
    }
  });
export type BusinessDetailsInput = z.input<typeof businessDetailsInputSchema>;
export type BusinessDetailsData = z.output<typeof businessDetailsInputSchema>;

/** What the dashboard reads back: the normalised values ('' when not given). */
export const businessDetailsSchema = z.object({
  companyName: z.string(),
  vatNumber: z.string(),
  taxCode: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  province: z.string(),
  pec: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Null until the details are first saved. */
  updatedAt: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;
export const businessDetailsResponseSchema = z.object({ details: businessDetailsSchema });

/** The seat on one line, as the storefront's footer and the legal pages show it: 'Via Roma 1, 20121 Milano (MI)'. */
export function sellerAddressLine(a: { street: string; postalCode: string; city: string; province: string }): string {
  const place = [a.postalCode, a.city].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '');
  return [a.street, place.trim()].filter(Boolean).join(', ');
}

/** The merchant's own text of a legal page (Markdown; raw HTML is shown as text, never as markup). */
export const legalPageInputSchema = z.strictObject({
  markdown: z
    .string({ error: businessMsg.markdownEmpty })
    .max(LEGAL_MARKDOWN_MAX, businessMsg.markdownTooLong)
    .refine((s) => s.trim() !== '', businessMsg.markdownEmpty),
});
export type LegalPageInput = z.infer<typeof legalPageInputSchema>;

/** A legal page in the dashboard: its Markdown (the template until edited) and the HTML the storefront shows. */
export const legalPageSchema = z.object({
  kind: legalPageKindSchema,
  title: z.string(),
  markdown: z.string(),
  html: z.string(),
  /** False while the page is the automatic template, filled from the store's details and settings. */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
export const legalPageResponseSchema = z.object({ page: legalPageSchema });
export const legalPagesResponseSchema = z.object({ pages: z.array(legalPageSchema) });
export const legalPreviewResponseSchema = z.object({ html: z.string() });
