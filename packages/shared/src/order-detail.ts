import { z } from 'zod';
import { shipmentSchema } from './fulfilment.js';
import { invoiceRequestDataSchema } from './invoice-request.js';
import { invoiceSchema } from './invoices.js';
import { merchantOrderEventSchema, orderNoteSchema } from './order-notes.js';
import { orderSummarySchema } from './orders.js';
import { vatCodeSchema } from './vat.js';

/**
 * An order as the dashboard shows it: lines with their VAT, the shipment, the VAT summary, the
 * invoice request and the invoices. Apart from orders.ts so the storefront, which imports the
 * checkout's schemas from there, does not load the invoice and VAT schemas in its first load.
 */

const cents = z.number().int();

export const orderItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  totalPriceCents: cents,
  vatCode: vatCodeSchema,
  taxableCents: cents,
  vatCents: cents,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const vatRowSchema = z.object({ vatCode: vatCodeSchema, taxableCents: cents, vatCents: cents });
/** The order's VAT as stored at checkout: per code, and in total (taxable + VAT = total). */
export const orderVatSchema = z.object({ summary: z.array(vatRowSchema), taxableCents: cents, vatCents: cents });

export const orderDetailSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  shipment: shipmentSchema.nullable(),
  vat: orderVatSchema,
  /** 'Richiedi fattura' as the shopper filled it; null: no invoice asked. */
  invoiceRequest: invoiceRequestDataSchema.nullable(),
  /** The order's invoices and credit notes, oldest first. */
  invoices: z.array(invoiceSchema),
  /** The member who confirmed the order by hand (their e-mail); null: the shopper did, or nobody yet. */
  confirmedByMember: z.string().nullable(),
  /** The team's 'Note interne', oldest first. */
  internalNotes: z.array(orderNoteSchema),
  /** Every event of the order with who did it, oldest first (the merchant's timeline). */
  timeline: z.array(merchantOrderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderResponseSchema = z.object({ order: orderDetailSchema });
