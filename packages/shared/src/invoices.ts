import { z } from 'zod';
import { vatCodeSchema } from './vat.js';

/**
 * Invoices (fatture) and credit notes (note di credito) of a store: numbering per store and year,
 * FatturaPA XML, the courtesy copy (docs/decisions/0030-invoices.md).
 */

export const invoiceMsg = {
  notRequested: 'Il cliente non ha richiesto la fattura per questo ordine',
  alreadyIssued: 'Fattura già emessa per questo ordine: per correggerla emetti una nota di credito',
  alreadyCredited: 'Nota di credito già emessa per questa fattura',
  creditOfCredit: 'Una nota di credito non si può stornare con un’altra nota di credito',
  cancelledOrder: 'Non si può emettere la fattura di un ordine annullato',
  sellerIncomplete: 'Per emettere fatture completa ragione sociale, Partita IVA e l’indirizzo della sede in Impostazioni → Dati aziendali',
  immutable: 'Una fattura emessa non si può modificare né eliminare: per correggerla emetti una nota di credito',
  notFound: 'Fattura non trovata',
  invalidDocument: 'Non è stato possibile generare una fattura elettronica valida con questi dati: controlla i dati aziendali e l’indirizzo del cliente',
  month: 'Mese non valido (formato AAAA-MM)',
  /** A client still sending the seat here (it moved to the business details, docs/decisions/0044-settings-sections.md). */
  addressMoved: 'L’indirizzo della sede ora si inserisce in Impostazioni → Dati aziendali',
  regime: 'Regime fiscale non valido',
  autoIssue: 'Valore non valido per l’emissione automatica',
} as const;

/** The regimes a shop's seller is in, by their FatturaPA code. */
export const FISCAL_REGIMES = ['RF01', 'RF02', 'RF19'] as const;
export const FISCAL_REGIME_LABELS: Record<(typeof FISCAL_REGIMES)[number], string> = {
  RF01: 'Ordinario',
  RF02: 'Contribuenti minimi',
  RF19: 'Forfettario',
};

/** The seat's old fields: refused, so a client that still sends them learns where the address went instead of losing it. */
const MOVED_ADDRESS_KEYS = new Set(['street', 'postalCode', 'city', 'province']);

export const invoiceSettingsInputSchema = z.strictObject(
  {
    /** The store's rate: products without their own use it, and so do shipping and surcharges. */
    defaultVatCode: vatCodeSchema,
    fiscalRegime: z.enum(FISCAL_REGIMES, { error: invoiceMsg.regime }),
    /** Issue the invoice by itself when an order that asked for one is paid. */
    autoIssue: z.boolean({ error: invoiceMsg.autoIssue }),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' && issue.keys.some((k) => MOVED_ADDRESS_KEYS.has(k)) ? invoiceMsg.addressMoved : undefined),
  },
);
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInputSchema>;
export type InvoiceSettingsData = z.output<typeof invoiceSettingsInputSchema>;

export const invoiceSettingsSchema = z.object({
  defaultVatCode: vatCodeSchema,
  fiscalRegime: z.enum(FISCAL_REGIMES),
  autoIssue: z.boolean(),
  /** True when the store can issue invoices: company name, P.IVA and the seat's address (all in the business details) are given. */
  ready: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
export const invoiceSettingsResponseSchema = z.object({ settings: invoiceSettingsSchema });

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
const ref = z.object({ id: z.string(), number: z.string() });

export const invoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** '2026/0001': progressive per store and year, shared by invoices and credit notes. */
  number: z.string(),
  /** The document's date (Rome), 'YYYY-MM-DD'. */
  date: z.string(),
  issuedAt: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  buyerName: z.string(),
  taxableCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  /** A credit note: the invoice it corrects. */
  refersTo: ref.nullable(),
  /** An invoice: the credit note that cancelled it. */
  creditedBy: ref.nullable(),
  /** The XML's name as the Exchange System expects it (IT{P.IVA}_{progressivo}.xml). */
  fileName: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });

export const invoiceMonthQuerySchema = z.strictObject({
  month: z
    .string({ error: invoiceMsg.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, invoiceMsg.month)
    .optional(),
});

export const invoiceNumber = (year: number, seq: number) => `${year}/${String(seq).padStart(4, '0')}`;
