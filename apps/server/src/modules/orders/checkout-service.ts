import { LIMITS, checkoutMsg, type CheckoutInput, type CheckoutResult } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isCheckViolation, isUniqueViolation } from '../../db/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { storeBySlug } from '../../lib/tenancy.js';
import { mergeLines, priceLines, type PricedLine } from './checkout-lines.js';
import { checkoutFingerprint, previousOrder } from './idempotency.js';
import { reserveOrderSlot } from './order-quota.js';
import { queueOrderMails } from './mails.js';

class OutOfStock extends Error {
  constructor(readonly title: string) {
    super(title);
  }
}

interface Placed {
  result: CheckoutResult;
  replayed: boolean;
}

export function checkoutService(ctx: AppContext) {
  const { db } = ctx;

  /** Prices the cart, checks the total the shopper saw, and writes the order with its stock in one transaction. */
  async function placeOrder(
    store: { id: string; name: string },
    slug: string,
    input: CheckoutInput,
    lines: PricedLine[],
    fingerprint: string,
  ): Promise<Placed> {
    const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const shipping = LIMITS.shippingCents;
    const total = subtotal + shipping;
    // The shopper is never charged a price they did not see.
    if (input.totalCents !== total) {
      ctx.storeChanged(slug);
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
            idempotency_fingerprint: fingerprint,
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
        await queueOrderMails(ctx, trx, store, orderId);
        return number;
      });
      const result: CheckoutResult = { success: true, orderId, orderNumber, totalCents: total };
      // Every instance's storefront pages show the new availability at once.
      ctx.storeChanged(slug);
      ctx.mailer.wake();
      return { result, replayed: false };
    } catch (err) {
      if (err instanceof OutOfStock || isCheckViolation(err)) {
        // What the shopper saw was stale: the next storefront read must be fresh.
        ctx.storeChanged(slug);
        throw new AppError(409, 'out_of_stock', checkoutMsg.insufficient(err instanceof OutOfStock ? err.title : 'un prodotto'), {
          title: 'Disponibilità insufficiente',
        });
      }
      // The same checkout sent twice at once: the second sees the first's order (or is refused
      // when the same key came with a different request).
      if (isUniqueViolation(err)) {
        const again = await previousOrder(db, store.id, input.idempotencyKey, fingerprint);
        if (again) return { result: again, replayed: true };
      }
      throw err;
    }
  }

  return {
    /**
     * Creates an order from the store's current prices, reserving stock for every line in one
     * transaction (conditional updates, locked in a fixed order), or refuses it whole.
     */
    async createOrder(slug: string, input: CheckoutInput, clientIp: string): Promise<Placed> {
      const store = await storeBySlug(db, slug);
      if (!store) throw notFound('Store non trovato');

      const merged = mergeLines(input.items);
      const fingerprint = checkoutFingerprint(input, merged);
      const replay = await previousOrder(db, store.id, input.idempotencyKey, fingerprint);
      if (replay) return { result: replay, replayed: true };

      // Only created orders use the quota: every other outcome gives the slot back.
      const giveBack = await reserveOrderSlot(ctx, store.id, clientIp, input.customer.customerEmail);
      try {
        const lines = await priceLines(db, store.id, merged);
        const placed = await placeOrder(store, slug, input, lines, fingerprint);
        if (placed.replayed) await giveBack();
        return placed;
      } catch (err) {
        await giveBack();
        throw err;
      }
    },
  };
}
