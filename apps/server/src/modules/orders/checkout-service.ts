import { CHECKOUT_MAX_QTY, LIMITS, checkoutMsg, type CheckoutInput, type CheckoutResult } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isCheckViolation, isUniqueViolation, type Db } from '../../db/index.js';
import { AppError, badRequest, conflict, notFound, rateLimited } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { storeBySlug } from '../../lib/tenancy.js';
import { sendOrderMails } from './mails.js';

interface PricedLine {
  productId: string;
  variantId: string | null;
  inventoryId: string;
  title: string;
  variantLabel: string | null;
  quantity: number;
  unitPriceCents: number;
}

class OutOfStock extends Error {
  constructor(readonly title: string) {
    super(title);
  }
}

/** Same product and variant twice in one cart is one line. */
function mergeLines(items: CheckoutInput['items']) {
  const merged = new Map<string, { productId: string; variantId: string | null; quantity: number }>();
  for (const it of items) {
    const key = `${it.productId}|${it.variantId ?? ''}`;
    const line = merged.get(key) ?? { productId: it.productId, variantId: it.variantId ?? null, quantity: 0 };
    line.quantity += it.quantity;
    if (line.quantity > CHECKOUT_MAX_QTY) throw badRequest(checkoutMsg.quantity, 'items');
    merged.set(key, line);
  }
  return [...merged.values()];
}

/** Loads every line from the store's own active catalogue and prices it with current prices. */
async function priceLines(db: Db, storeId: string, items: CheckoutInput['items']): Promise<PricedLine[]> {
  const lines = mergeLines(items);
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const products = await db.selectFrom('products').select(['id', 'title', 'price_cents', 'status']).where('store_id', '=', storeId).where('id', 'in', productIds).execute();
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'label', 'price_delta_cents'])
    .where('store_id', '=', storeId)
    .where('product_id', 'in', productIds)
    .execute();
  const units = await db.selectFrom('inventory').select(['id', 'product_id', 'variant_id']).where('store_id', '=', storeId).where('product_id', 'in', productIds).execute();

  return lines.map((line) => {
    const p = products.find((x) => x.id === line.productId);
    // Another store's product, a draft or a deleted one: the shopper cannot buy it here.
    if (!p || p.status !== 'active') throw conflict(checkoutMsg.unavailable(p?.title ?? 'Prodotto'), { title: 'Prodotto non disponibile' });
    const productVariants = variants.filter((v) => v.product_id === p.id);
    if (productVariants.length && !line.variantId) throw badRequest(checkoutMsg.variantRequired(p.title), 'items');
    const variant = line.variantId ? productVariants.find((v) => v.id === line.variantId) : undefined;
    if (line.variantId && !variant) throw conflict(checkoutMsg.unavailable(p.title), { title: 'Prodotto non disponibile' });
    const unit = units.find((u) => u.product_id === p.id && (u.variant_id ?? null) === (variant?.id ?? null));
    if (!unit) throw new AppError(409, 'out_of_stock', checkoutMsg.insufficient(p.title), { title: 'Disponibilità insufficiente' });
    return {
      productId: p.id,
      variantId: variant?.id ?? null,
      inventoryId: unit.id,
      title: p.title,
      variantLabel: variant?.label ?? null,
      quantity: line.quantity,
      unitPriceCents: Math.max(0, p.price_cents + (variant?.price_delta_cents ?? 0)),
    };
  });
}

export function checkoutService(ctx: AppContext) {
  const { db } = ctx;

  async function existingOrder(storeId: string, key: string): Promise<CheckoutResult | null> {
    const o = await db.selectFrom('orders').select(['id', 'order_number', 'total_cents']).where('store_id', '=', storeId).where('idempotency_key', '=', key).executeTakeFirst();
    return o ? { success: true, orderId: o.id, orderNumber: o.order_number, totalCents: o.total_cents } : null;
  }

  return {
    /**
     * Creates an order from the store's current prices, reserving stock for every line in one
     * transaction (conditional updates, locked in a fixed order), or refuses it whole.
     */
    async createOrder(slug: string, input: CheckoutInput, clientIp: string): Promise<{ result: CheckoutResult; replayed: boolean }> {
      const store = await storeBySlug(db, slug);
      if (!store) throw notFound('Store non trovato');

      const replay = await existingOrder(store.id, input.idempotencyKey);
      if (replay) return { result: replay, replayed: true };

      const { max, windowMs } = ctx.config.orderRateLimit;
      if (max > 0) {
        const hit = await ctx.limiter.incr(`order:${store.id}:${clientIp}`, windowMs);
        if (hit.count > max) throw rateLimited(checkoutMsg.tooMany, hit.resetMs, 'Troppi tentativi');
      }

      const lines = await priceLines(db, store.id, input.items);
      const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const shipping = LIMITS.shippingCents;
      const total = subtotal + shipping;
      // The shopper is never charged a price they did not see.
      if (input.totalCents !== total) {
        ctx.publicCache.invalidate(`${slug}|`);
        throw new AppError(409, 'price_changed', checkoutMsg.totalChanged, { title: 'Prezzi aggiornati' });
      }

      const orderId = newId();
      const now = clock.iso();
      const c = input.customer;
      try {
        const orderNumber = await db.transaction().execute(async (trx) => {
          // A fixed lock order (by inventory id) keeps concurrent multi-line checkouts free of deadlocks.
          for (const line of [...lines].sort((a, b) => a.inventoryId.localeCompare(b.inventoryId))) {
            const r = await trx
              .updateTable('inventory')
              .set((eb) => ({ reserved: eb('reserved', '+', line.quantity) }))
              .where('id', '=', line.inventoryId)
              .where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', line.quantity))
              .executeTakeFirst();
            if (Number(r.numUpdatedRows) !== 1) throw new OutOfStock(line.title);
          }
          const seq = await trx
            .updateTable('stores')
            .set((eb) => ({ next_order_number: eb('next_order_number', '+', 1) }))
            .where('id', '=', store.id)
            .returning('next_order_number')
            .executeTakeFirstOrThrow();
          const number = seq.next_order_number - 1;
          await trx
            .insertInto('orders')
            .values({
              id: orderId,
              store_id: store.id,
              order_number: number,
              status: 'pending',
              customer_name: c.customerName,
              customer_email: c.customerEmail.toLowerCase(),
              customer_phone: c.customerPhone || null,
              shipping_street: c.street,
              shipping_city: c.city,
              shipping_postal_code: c.postalCode,
              shipping_country: input.country,
              subtotal_cents: subtotal,
              shipping_cents: shipping,
              total_cents: total,
              notes: c.notes || null,
              idempotency_key: input.idempotencyKey,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await trx
            .insertInto('order_items')
            .values(
              lines.map((l) => ({
                id: newId(),
                order_id: orderId,
                product_id: l.productId,
                variant_id: l.variantId,
                title: l.title,
                variant_label: l.variantLabel,
                quantity: l.quantity,
                unit_price_cents: l.unitPriceCents,
                total_price_cents: l.unitPriceCents * l.quantity,
              })),
            )
            .execute();
          return number;
        });
        const result: CheckoutResult = { success: true, orderId, orderNumber, totalCents: total };
        // This instance's storefront pages show the new availability at once (others within the cache TTL).
        ctx.publicCache.invalidate(`${slug}|`);
        void sendOrderMails(ctx, store, orderId).catch((err) => ctx.log.error({ err, orderId }, 'order mails failed'));
        return { result, replayed: false };
      } catch (err) {
        if (err instanceof OutOfStock || isCheckViolation(err)) {
          // What the shopper saw was stale: the next storefront read must be fresh.
          ctx.publicCache.invalidate(`${slug}|`);
          throw new AppError(409, 'out_of_stock', checkoutMsg.insufficient(err instanceof OutOfStock ? err.title : 'un prodotto'), { title: 'Disponibilità insufficiente' });
        }
        // The same checkout sent twice at once: the second sees the first's order.
        if (isUniqueViolation(err)) {
          const again = await existingOrder(store.id, input.idempotencyKey);
          if (again) return { result: again, replayed: true };
        }
        throw err;
      }
    },
  };
}
