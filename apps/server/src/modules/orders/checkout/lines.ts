import { CHECKOUT_MAX_QTY, checkoutMsg, unitPriceCents, type CheckoutInput, type VatCode } from '@vetrina/shared';
import type { ReadFrom } from '../../../db/prepared.js';
import { stockUnits } from '../../inventory/service.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { outOfStock } from '../../inventory/service.js';
import { checkoutRepo } from './repo.js';

export interface CartLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export interface PricedLine extends CartLine {
  inventoryId: string;
  title: string;
  variantLabel: string | null;
  unitPriceCents: number;
  /** The product's own VAT code; null: the store's default. */
  vatCode: VatCode | null;
}

/** Same product and variant twice in one cart is one line. */
export function mergeLines(items: CheckoutInput['items']): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const it of items) {
    const key = `${it.productId}|${it.variantId ?? ''}`;
    const line = merged.get(key) ?? { productId: it.productId, variantId: it.variantId ?? null, quantity: 0 };
    line.quantity += it.quantity;
    if (line.quantity > CHECKOUT_MAX_QTY) throw badRequest(checkoutMsg.quantity, 'items');
    merged.set(key, line);
  }
  return [...merged.values()];
}

const unavailable = () => new AppError(409, 'unavailable', checkoutMsg.unavailable, { title: 'Prodotto non disponibile' });

/**
 * Loads every line from the store's own active catalogue and prices it with current prices. The
 * products, variants and units are read at once (with the checkout's other reads when given
 * `ReadsTogether`); only the store's own products are used, and only their variants and units.
 */
export async function priceLines(db: ReadFrom, storeId: string, lines: CartLine[]): Promise<PricedLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const [read, variants, units] = await Promise.all([
    checkoutRepo(db).products(productIds),
    checkoutRepo(db).variants(productIds),
    stockUnits.unitsOf(db, storeId, productIds),
  ]);
  const products = read.filter((p) => p.store_id === storeId);

  return lines.map((line) => {
    const p = products.find((x) => x.id === line.productId);
    // Another store's product, a draft, an archived or a deleted one: the shopper cannot buy it
    // here, and its title is not theirs to read (a draft may be an unannounced product).
    if (!p || p.status !== 'active') throw unavailable();
    const productVariants = variants.filter((v) => v.product_id === p.id);
    if (productVariants.length && !line.variantId) throw badRequest(checkoutMsg.variantRequired(p.title), 'items');
    const variant = line.variantId ? productVariants.find((v) => v.id === line.variantId) : undefined;
    // The product is on sale and public, so naming it helps the shopper find the stale line.
    if (line.variantId && !variant) throw new AppError(409, 'unavailable', checkoutMsg.variantUnavailable(p.title), { title: 'Prodotto non disponibile' });
    const unit = units.find((u) => u.product_id === p.id && (u.variant_id ?? null) === (variant?.id ?? null));
    if (!unit) throw outOfStock(p.title);
    return {
      productId: p.id,
      variantId: variant?.id ?? null,
      inventoryId: unit.id,
      title: p.title,
      variantLabel: variant?.label ?? null,
      quantity: line.quantity,
      unitPriceCents: unitPriceCents(p.price_cents, variant?.price_delta_cents),
      vatCode: p.vat_code,
    };
  });
}
