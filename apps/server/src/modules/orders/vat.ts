import { orderVat, vatCodeSchema, type OrderVat, type VatCode, type VatLine } from '@vetrina/shared';
import type { Selectable } from 'kysely';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.js';

/** What `orders.vat_breakdown` holds: the order's VAT without its goods lines (those are on order_items). */
export type StoredVatBreakdown = Pick<OrderVat, 'discounts' | 'shipping' | 'surcharge' | 'summary'>;

type OrderVatColumns = Pick<Selectable<OrdersTable>, 'vat_breakdown' | 'discount_cents' | 'shipping_cents' | 'surcharge_cents'>;
type ItemVatColumns = Pick<Selectable<OrderItemsTable>, 'total_price_cents' | 'vat_code' | 'taxable_cents' | 'vat_cents'>;

export const breakdownJson = (vat: OrderVat): string =>
  JSON.stringify({ discounts: vat.discounts, shipping: vat.shipping, surcharge: vat.surcharge, summary: vat.summary } satisfies StoredVatBreakdown);

function parseBreakdown(text: string | null): StoredVatBreakdown | null {
  if (!text) return null;
  try {
    const b = JSON.parse(text) as StoredVatBreakdown;
    return Array.isArray(b.summary) && Array.isArray(b.discounts) ? b : null;
  } catch {
    return null;
  }
}

const codeOr = (code: string | null, fallback: VatCode): VatCode => vatCodeSchema.safeParse(code).data ?? fallback;

/**
 * An order's VAT as its checkout stored it. Orders from before VAT was recorded are computed now
 * with the same rules, at the store's current default code (they never asked for an invoice).
 */
export function storedOrderVat(order: OrderVatColumns, items: readonly ItemVatColumns[], fallback: VatCode): OrderVat {
  const stored = parseBreakdown(order.vat_breakdown);
  if (stored && items.every((i) => i.vat_code !== null && i.taxable_cents !== null && i.vat_cents !== null)) {
    const lines: VatLine[] = items.map((i) => ({
      vatCode: codeOr(i.vat_code, fallback),
      grossCents: i.total_price_cents,
      taxableCents: i.taxable_cents ?? 0,
      vatCents: i.vat_cents ?? 0,
    }));
    return {
      items: lines,
      ...stored,
      taxableCents: stored.summary.reduce((s, r) => s + r.taxableCents, 0),
      vatCents: stored.summary.reduce((s, r) => s + r.vatCents, 0),
    };
  }
  return orderVat({
    items: items.map((i) => ({ grossCents: i.total_price_cents, vatCode: codeOr(i.vat_code, fallback) })),
    discountCents: order.discount_cents,
    shippingCents: order.shipping_cents,
    surchargeCents: order.surcharge_cents,
    defaultCode: fallback,
  });
}
