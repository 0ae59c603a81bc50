import { z } from 'zod';
import { REFUND_METHODS, REFUND_STATUSES, RETURN_ORIGINS, RETURN_STATUSES, returnRequestsMsg } from './returns.js';

/**
 * The dashboard's 'Resi' and the order's refunds, as the API sends them (docs/decisions/0051-returns.md).
 * Routes:
 * - GET  /api/stores/:storeId/returns?status=&page=        → returnListResponseSchema
 * - GET  /api/stores/:storeId/returns/:returnId            → returnResponseSchema
 * - GET  /api/stores/:storeId/orders/:orderId/returns      → orderReturnsResponseSchema
 * - POST /api/stores/:storeId/orders/:orderId/returns      (openReturnInputSchema) → 201 returnResponseSchema
 * - POST /api/stores/:storeId/returns/:returnId/authorize  → returnResponseSchema
 * - POST /api/stores/:storeId/returns/:returnId/receive    (receiveReturnInputSchema) → returnResponseSchema
 * - POST /api/stores/:storeId/returns/:returnId/reject     (rejectReturnInputSchema) → returnResponseSchema
 * - GET  /api/stores/:storeId/orders/:orderId/refunds      → orderRefundsResponseSchema
 * - POST /api/stores/:storeId/orders/:orderId/refunds      (refundInputSchema) → 201 refundResponseSchema
 * - POST /api/stores/:storeId/refunds/:refundId/retry      → refundResponseSchema
 * - GET|PUT /api/stores/:storeId/returns-settings          (returnSettingsSchema) → returnSettingsResponseSchema
 */

export const RETURN_PAGE_SIZE = 25;

const cents = z.number().int();

export const returnLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int(),
  restockedQuantity: z.number().int(),
});

export const returnSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  origin: z.enum(RETURN_ORIGINS),
  status: z.enum(RETURN_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  /** Units in all its lines. */
  units: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnDetailSchema = returnSummarySchema.extend({
  reason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Masked ('IT•• •••• … 3456') unless the reader may refund. */
  refundIban: z.string().nullable(),
  lines: z.array(returnLineSchema),
  authorizedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** What the shopper wrote to the store ('Contattaci') from the same address, newest first (10 at most). */
  messages: z.array(z.object({ id: z.string(), body: z.string(), response: z.string().nullable(), createdAt: z.string() })).default([]),
});
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

export const returnListResponseSchema = z.object({ returns: z.array(returnSummarySchema), total: z.number().int() });
export const returnResponseSchema = z.object({ return: returnDetailSchema });
export const orderReturnsResponseSchema = z.object({ returns: z.array(returnSummarySchema) });

export const refundSchema = z.object({
  id: z.string(),
  returnId: z.string().nullable(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  itemsCents: cents,
  shippingCents: cents,
  adjustmentCents: cents,
  amountCents: cents,
  lines: z.array(z.object({ orderItemId: z.string(), title: z.string(), quantity: z.number().int(), amountCents: cents })),
  failureReason: z.string().nullable(),
  /** The credit note's number ('2026/0004') when one was issued. */
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
  /** The member's e-mail; null: the system, or an account that is gone. */
  createdBy: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** What the 'Rimborsa' form needs to compute amounts with quoteRefund (packages/shared/src/refund-math.ts). */
export const refundableOrderSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), variantLabel: z.string().nullable(), quantity: z.number().int(), totalPriceCents: cents })),
  discountCents: cents,
  shippingCents: cents,
  surchargeCents: cents,
  totalCents: cents,
  /** Refunds pending or done (failed ones left out), as quoteRefund takes them. */
  prior: z.array(
    z.object({
      lines: z.array(z.object({ orderItemId: z.string(), quantity: z.number().int(), amountCents: cents })),
      shippingCents: cents,
      adjustmentCents: cents,
    }),
  ),
  /** 'stripe' for card orders; 'manual' otherwise (the team pays the IBAN back). */
  method: z.enum(REFUND_METHODS),
  /** Manual refunds: the IBAN the shopper gave (masked unless the reader may refund); null: none given. */
  iban: z.string().nullable(),
  /** Whether the order was paid at all (an unpaid order has nothing to refund). */
  paid: z.boolean(),
});
export type RefundableOrderView = z.infer<typeof refundableOrderSchema>;

export const orderRefundsResponseSchema = z.object({ refunds: z.array(refundSchema), refundable: refundableOrderSchema });
export const refundResponseSchema = z.object({ refund: refundSchema });

/** GET …/returns: a status to filter by ('Richiesto'…), and the page (RETURN_PAGE_SIZE a page). */
export const returnListQuerySchema = z.strictObject({
  status: z.enum(RETURN_STATUSES, { error: returnRequestsMsg.status }).optional(),
  page: z.coerce
    .number({ error: returnRequestsMsg.page })
    .int(returnRequestsMsg.page)
    .min(1, returnRequestsMsg.page)
    .max(100_000, returnRequestsMsg.page)
    .default(1),
});
export type ReturnListQuery = z.input<typeof returnListQuerySchema>;
