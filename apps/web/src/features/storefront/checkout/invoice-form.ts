import { z } from 'zod';
import { invoiceRequestSchema } from '@vetrina/shared/invoice-request';
import { DOMESTIC_COUNTRY } from '@vetrina/shared/shipping';

/**
 * 'Richiedi fattura' in the checkout form. The fields hold what was typed, all of them whatever the
 * kind, so switching between 'Privato' and 'Azienda o professionista' keeps it; the shared
 * invoiceRequestSchema alone judges the request (docs/decisions/0030-invoices.md).
 */
export const invoiceFieldsSchema = z.object({
  requested: z.boolean(),
  /** '' until the shopper picks one: the shared schema then asks to choose. */
  kind: z.string(),
  taxCode: z.string(),
  companyName: z.string(),
  vatNumber: z.string(),
  sdiCode: z.string(),
  pec: z.string(),
  /** 'Indirizzo di fatturazione diverso': when unticked the invoice goes to the shipping address. */
  differentAddress: z.boolean(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), province: z.string() }),
});
export type InvoiceFields = z.infer<typeof invoiceFieldsSchema>;

export const EMPTY_INVOICE_FIELDS: InvoiceFields = {
  requested: false,
  kind: '',
  taxCode: '',
  companyName: '',
  vatNumber: '',
  sdiCode: '',
  pec: '',
  differentAddress: false,
  address: { street: '', postalCode: '', city: '', province: '' },
};

/** The server issues invoices for Italian addresses only (it refuses the others with invoiceRequestMsg.italyOnly). */
export const invoiceAllowed = (country: string) => country === DOMESTIC_COUNTRY;

/**
 * What the shared schema reads: null without a request, else only the chosen kind's fields (its
 * objects are strict, so a private request carrying a company name would be refused).
 */
export function invoiceRequestInput(f: InvoiceFields): Record<string, unknown> | null {
  if (!f.requested) return null;
  const address = f.differentAddress ? { address: f.address } : {};
  if (f.kind === 'private') return { kind: f.kind, taxCode: f.taxCode, ...address };
  if (f.kind === 'business') {
    const { companyName, vatNumber, taxCode, sdiCode, pec } = f;
    return { kind: f.kind, companyName, vatNumber, taxCode, sdiCode, pec, ...address };
  }
  return { kind: f.kind };
}

/** The fields validated by the shared schema: the request the API takes (normalised), or null. */
export const invoiceFormSchema = invoiceFieldsSchema.transform((fields, ctx) => {
  const input = invoiceRequestInput(fields);
  if (!input) return null;
  const parsed = invoiceRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // Same paths as the request ('taxCode'…), so the form shows each message under its field.
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
