import { CHECKOUT_MAX_QTY } from '@vetrina/shared/constants';
import { orderTotals, type PricedOrderLine } from '@vetrina/shared/pricing';

/** A cart line as spec §3 describes it; `price` is the unit price in integer cents (variant included). */
export interface CartLine {
  productId: string;
  variantId: string | null;
  title: string;
  variantLabel: string | null;
  price: number;
  image: string | null;
  quantity: number;
}

/** Spec §9: 99 when the available stock is unknown (CHECKOUT_MAX_QTY in @vetrina/shared). */
export const MAX_QUANTITY = CHECKOUT_MAX_QTY;

export const lineKey = (l: { productId: string; variantId: string | null }) => `${l.productId}:${l.variantId ?? ''}`;

const clamp = (n: number, max: number) => Math.max(0, Math.min(Math.floor(n), max, MAX_QUANTITY));

/** The same product and variant again increases the quantity (up to `max`) instead of adding a line. */
export function addLine(lines: CartLine[], line: CartLine, max = MAX_QUANTITY): CartLine[] {
  const key = lineKey(line);
  const existing = lines.find((l) => lineKey(l) === key);
  if (!existing) return line.quantity > 0 ? [...lines, { ...line, quantity: Math.max(1, clamp(line.quantity, max)) }] : lines;
  return lines.map((l) => (l === existing ? { ...line, quantity: Math.max(l.quantity, clamp(l.quantity + line.quantity, max)) } : l));
}

/** Quantity 0 or less removes the line. */
export function setLineQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => lineKey(l) !== key);
  return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: Math.max(1, clamp(quantity, MAX_QUANTITY)) } : l));
}

/** New unit prices by line key, after the server said the prices changed. */
export function repriceLines(lines: CartLine[], prices: Map<string, number>): CartLine[] {
  return lines.map((l) => {
    const price = prices.get(lineKey(l));
    return price === undefined || price === l.price ? l : { ...l, price };
  });
}

/** The cart as the shared price rules read it. */
export const pricedLines = (lines: readonly CartLine[]): PricedOrderLine[] => lines.map((l) => ({ unitPriceCents: l.price, quantity: l.quantity }));

export function cartTotals(lines: CartLine[]) {
  return {
    count: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: orderTotals(pricedLines(lines)).subtotalCents,
  };
}

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Reads a stored cart, dropping anything that is not a well-formed line (old versions, hand edits). */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((d: Record<string, unknown>) => {
    if (!d || !str(d.productId) || !str(d.title) || !int(d.price) || !int(d.quantity) || d.quantity < 1) return [];
    return [
      {
        productId: d.productId,
        variantId: str(d.variantId) ? d.variantId : null,
        title: d.title,
        variantLabel: str(d.variantLabel) ? d.variantLabel : null,
        price: d.price,
        image: str(d.image) ? d.image : null,
        quantity: Math.min(d.quantity, MAX_QUANTITY),
      },
    ];
  });
}
