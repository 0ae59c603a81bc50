import { z } from 'zod';

/**
 * The inventory page's 'Storico' (docs/decisions/0029-stock-history.md): why a sellable unit's counters
 * changed. Dashboard only (imported as '@vetrina/shared/stock-history').
 * - created: the unit was created (product, variant or sample data) with its initial stock
 * - manual: a member set the quantity (inventory page, product or variant form)
 * - import: the CSV import created or updated it
 * - order: a shopper's order reserved units
 * - shipment / order_status / reopen: an order's status change moved them (shipped, back from
 *   shipped, reopened after a cancellation)
 * - cancellation: the team cancelled the order; expiry: the payment deadline or Stripe did
 * - return: a returned item came back to stock ('Ricevuto' on a return, migration 038)
 */
export const STOCK_REASONS = ['created', 'manual', 'import', 'order', 'shipment', 'order_status', 'reopen', 'cancellation', 'expiry', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_HISTORY_PAGE_SIZE = 20;

const count = z.number().int();

export const stockMovementSchema = z.object({
  id: count,
  createdAt: z.string(),
  reason: z.enum(STOCK_REASONS),
  /** Differences in units on hand and reserved by open orders, and both as the change left them. */
  qtyChange: count,
  reservedChange: count,
  qtyAfter: count,
  reservedAfter: count,
  /** The order behind the change (its number only: never the shopper's details). */
  order: z.object({ id: z.string(), number: count }).nullable(),
  /** The team member who made the change (none for shoppers and automatic jobs). */
  actor: z.object({ email: z.string() }).nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** One page of a unit's movements, newest first. */
export const stockHistorySchema = z.object({
  items: z.array(stockMovementSchema),
  total: count,
  page: count,
  pageSize: count,
});
export type StockHistory = z.infer<typeof stockHistorySchema>;

export const stockHistoryQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'Pagina non valida' }).int('Pagina non valida').min(1, 'Pagina non valida').max(100_000, 'Pagina non valida').default(1),
});
export type StockHistoryQuery = z.input<typeof stockHistoryQuerySchema>;

const orderRef = (m: Pick<StockMovement, 'order'>) => (m.order ? `ordine #${m.order.number}` : 'ordine eliminato');
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the change was, in the merchant's words ('Ordine #1042', 'Modifica manuale di mario@…'). */
export function stockMovementLabel(m: Pick<StockMovement, 'reason' | 'order' | 'actor'>): string {
  switch (m.reason) {
    case 'created':
      return 'Giacenza iniziale';
    case 'manual':
      return m.actor ? `Modifica manuale di ${m.actor.email}` : 'Modifica manuale';
    case 'import':
      return 'Importazione CSV';
    case 'order':
      return capitalised(orderRef(m));
    case 'shipment':
      return `Spedizione ${orderRef(m)}`;
    case 'order_status':
      return `Cambio di stato ${orderRef(m)}`;
    case 'reopen':
      return `Riapertura ${orderRef(m)}`;
    case 'cancellation':
      return `Annullamento ${orderRef(m)}`;
    case 'expiry':
      return `Pagamento scaduto, ${orderRef(m)}`;
    case 'return':
      return `Reso ${orderRef(m)}`;
  }
}

/**
 * The figure a row shows: the change in units a shopper can still buy and how many are left; a
 * change that leaves that number alone (an order shipping its reserved units) shows the units on hand.
 */
export function stockMovementFigure(m: Pick<StockMovement, 'qtyChange' | 'reservedChange' | 'qtyAfter' | 'reservedAfter'>) {
  const available = m.qtyChange - m.reservedChange;
  if (available !== 0 || m.qtyChange === 0) return { change: available, after: m.qtyAfter - m.reservedAfter, of: 'available' as const };
  return { change: m.qtyChange, after: m.qtyAfter, of: 'onHand' as const };
}

/** '+3', '−1' (a real minus sign), '0'. */
export const signedChange = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : '0');
