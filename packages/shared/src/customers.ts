import { z } from 'zod';
import { sortDirField, tableMsg } from './table-sorts.js';
import { orderStatusSchema } from './orders.js';
import { paymentStatusSchema } from './payments.js';
import { CSV_FORMATS } from './csv.js';

/**
 * 'Clienti' (docs/decisions/0048-customers.md): every shopper of a store by e-mail, built from the
 * store's orders at read time. A customer is named in paths by the id of one of their orders
 * (`customerKey`), so no shopper's e-mail travels in a URL or a log line.
 */

export const CUSTOMER_SORTS = ['name', 'email', 'orders', 'spent', 'last'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerMsg = {
  notFound: 'Cliente non trovato',
} as const;

export const customerListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  /** Absent: the most recent order first. */
  sort: z.enum(CUSTOMER_SORTS, { error: tableMsg.sort }).optional(),
  /** Ascending unless told; ignored without `sort`. */
  dir: sortDirField.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;
export type CustomerListFilter = z.output<typeof customerListQuerySchema>;

/** `format`: the CSV dialect, Italian unless 'internazionale' (as the other exports). */
export const customerExportQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  format: z.enum(CSV_FORMATS, { error: 'Formato non valido: usa italiano o internazionale' }).optional(),
});

export const customerParams = z.strictObject({ storeId: z.string().min(1).max(64), customerKey: z.string().min(1).max(64) });

const cents = z.number().int();

export const customerSummarySchema = z.object({
  /** Opaque: the id of the customer's latest order; any of their order ids opens the same customer. */
  key: z.string(),
  /** As written on the latest order. */
  name: z.string(),
  email: z.string(),
  /** Orders that count: every status but 'Annullato'. */
  orderCount: z.number().int(),
  /** Sum of the totals of the orders that count, in cents. */
  spentCents: cents,
  cancelledCount: z.number().int(),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
  /**
   * Marketing consent: when the shopper ticked the checkout's optional box on their LATEST order;
   * null ('Non raccolto') when that order has no tick (a later order without it withdraws it).
   */
  marketingConsentAt: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customersPageSchema = z.object({
  items: z.array(customerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

export const customerDetailSchema = z.object({
  customer: customerSummarySchema.extend({ phone: z.string().nullable() }),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.number().int(),
      createdAt: z.string(),
      status: orderStatusSchema,
      paymentStatus: paymentStatusSchema,
      totalCents: cents,
    }),
  ),
  /** Contact-form messages sent with this e-mail. */
  messages: z.array(z.object({ id: z.string(), createdAt: z.string(), message: z.string(), answered: z.boolean() })),
  /** The chat of the account with this e-mail, if the shopper has one and wrote to the store. */
  chat: z.object({ userId: z.string(), messageCount: z.number().int(), lastAt: z.string() }).nullable(),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      kind: z.enum(['invoice', 'credit_note']),
      date: z.string(),
      orderNumber: z.number().int(),
      totalCents: cents,
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const CUSTOMER_CSV_COLUMNS = [
  'Nome',
  'Email',
  'Ordini',
  'Totale speso',
  'Ordini annullati',
  'Primo ordine',
  'Ultimo ordine',
  'Consenso marketing',
] as const;
