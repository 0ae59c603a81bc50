import { createHash } from 'node:crypto';
import { checkoutMsg, type CheckoutInput, type CheckoutResult } from '@vetrina/shared';
import type { ReadFrom } from '../../../db/prepared.js';
import { AppError } from '../../../lib/errors.js';
import type { CartLine } from './lines.js';
import { instructionsOf } from '../order-view.js';
import { checkoutRepo } from './repo.js';

/**
 * What an idempotency key was used for: the merged cart in a fixed order, the customer, the
 * country and the total the shopper saw. Unit prices are left out (the server never trusts them).
 */
export function checkoutFingerprint(input: CheckoutInput, lines: CartLine[]): string {
  const c = input.customer;
  const cart = lines.map((l) => [l.productId, l.variantId ?? '', l.quantity] as const).sort((a, b) => (a[0] + '|' + a[1] < b[0] + '|' + b[1] ? -1 : 1));
  const customer = [c.customerName, c.customerEmail.toLowerCase(), c.customerPhone || '', c.street, c.city, c.postalCode, c.notes || ''];
  const normalised = JSON.stringify([cart, customer, input.country, input.totalCents, input.paymentMethod, input.discountCode ?? '']);
  return `v3:${createHash('sha256').update(normalised).digest('hex')}`;
}

/**
 * The order this key already created in the store, answered again for a retry or a double click.
 * The same key with a different request is refused, as payment APIs do: answering with the first
 * order would tell the shopper that an order they never placed was confirmed. Orders from before
 * fingerprints were stored (null) keep the old answer.
 */
export async function previousOrder(db: ReadFrom, storeId: string, key: string, fingerprint: string): Promise<CheckoutResult | null> {
  const o = await checkoutRepo(db).orderByKey(storeId, key);
  if (!o) return null;
  if (o.idempotency_fingerprint !== null && o.idempotency_fingerprint !== fingerprint) {
    throw new AppError(409, 'idempotency_conflict', checkoutMsg.idempotencyReused, { title: 'Ordine non creato' });
  }
  const details = o.payment_method === 'card' && o.payment_status === 'unpaid' ? instructionsOf(o) : null;
  return {
    success: true,
    orderId: o.id,
    orderNumber: o.order_number,
    totalCents: o.total_cents,
    orderToken: o.public_token ?? '',
    paymentUrl: details?.method === 'card' ? details.checkoutUrl : null,
  };
}
