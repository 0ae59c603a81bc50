import {
  checkoutMsg,
  DOMESTIC_COUNTRY,
  ITALIAN_POSTAL_CODE,
  formatEuro,
  invoiceRequestMsg,
  needsConfirmation,
  orderTotals,
  paymentMsg,
  provinceMsg,
  type CheckoutInput,
  type CheckoutResult,
  type InvoiceRequest,
  type ShippingDestination,
} from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { isUniqueViolation } from '../../../db/index.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { newId, newToken } from '../../../lib/ids.js';
import { checkoutSettings } from './settings.js';
import { discountRedemption } from '../../discounts/redemption-service.js';
import { countDiscountAttempt } from '../../discounts/attempts.js';
import { confirmationService } from '../confirmation/service.js';
import { mergeLines, priceLines } from './lines.js';
import { checkoutFingerprint, previousOrder } from './idempotency.js';
import { reserveOrderSlot } from './quota.js';
import { instructionsFor, newOrderOf, priceOf, type PlaceOrderInput } from './new-order.js';
import { checkoutReads, handled, inOrderUnit, type OrderUnit } from './repo.js';
import { audienceOf, queueOrderMails } from '../mails.js';
import { noticeAudience, notificationsChanged } from '../../notifications/service.js';
import { ordersRepo } from '../repo.js';
import { announceOrderChange, orderStats } from '../../stats/service.js';
import type { OrderPorts } from '../ports.js';
import { isValidCodiceFiscale } from '@vetrina/shared/business-settings';
import { canonicalEmail } from '@vetrina/shared/email-canonical';

/**
 * 'Richiedi fattura': the checks the form cannot run (the codice fiscale's check letter) and the
 * invoice's address rules (FatturaPA from an Italian seller to an Italian address, 5-digit CAP).
 */
function checkInvoiceRequest(request: InvoiceRequest, destination: ShippingDestination, postalCode: string): void {
  if (destination.name !== DOMESTIC_COUNTRY) throw badRequest(invoiceRequestMsg.italyOnly, 'invoice');
  // A billing address has its own 5-digit CAP (its schema); without one the invoice goes to the shipping address.
  if (!request.address && !ITALIAN_POSTAL_CODE.test(postalCode.trim())) throw badRequest(invoiceRequestMsg.postalCode, 'customer.postalCode');
  if (request.taxCode !== undefined && !isValidCodiceFiscale(request.taxCode)) throw badRequest(invoiceRequestMsg.taxCode, 'invoice.taxCode');
}

interface Placed {
  result: CheckoutResult;
  replayed: boolean;
}

export function checkoutService(ctx: AppContext, ports: OrderPorts) {
  const { db } = ctx;
  const storeSettings = checkoutSettings(ctx, ports);
  const discounts = discountRedemption(db);
  const confirmations = confirmationService(ctx);

  /** Prices the cart for the chosen method, checks the total the shopper saw, and writes the order with its stock in one transaction. */
  async function placeOrder(order: PlaceOrderInput): Promise<Placed> {
    const { store, slug, input, lines, fingerprint, chosen, discount, team } = order;
    const { totals, vat } = priceOf(order);
    // The shopper is never charged a price they did not see.
    if (input.totalCents !== totals.totalCents) {
      ctx.stockChanged(slug);
      throw new AppError(409, 'price_changed', checkoutMsg.totalChanged, { title: 'Prezzi aggiornati' });
    }
    if (chosen.option.maxTotalCents !== null && totals.totalCents > chosen.option.maxTotalCents) {
      throw badRequest(paymentMsg.codOverMax(formatEuro(chosen.option.maxTotalCents)), 'paymentMethod');
    }

    const orderId = newId();
    const token = newToken();
    const nowMs = clock.nowMs();
    const awaiting = needsConfirmation(chosen.option.method);
    // Only the confirmation mail carries it (the answer below carries the order page's token).
    const confirmationCode = awaiting ? newToken() : null;
    // Read before the transaction: inside it, every statement after the order number is taken
    // holds the store's counter row, i.e. every other checkout of the store waits.
    const audience = chosen.option.method !== 'card' ? audienceOf(await storeSettings(slug).brand(store.id), team) : undefined;
    /**
     * The order's rows, mails, bell and numbers, after its stock: added to its unit's writes (one
     * statement on PostgreSQL, checkout/repo.ts). A discount's redemption names the order, so with
     * a code the writes so far are sent first (only in a transaction: see inOrderUnit).
     */
    const orderWrites = async (unit: OrderUnit, number: number) => {
      const { db: trx, scope } = unit;
      const { details, dueAt } = instructionsFor(chosen, number, store.name, nowMs);
      const newOrder = newOrderOf(order, { id: orderId, token, number, nowMs, totals, vat, details, dueAt, confirmationCode });
      await ordersRepo(trx).insert(newOrder, scope);
      // Counted here, after the stock: the last use of a code goes to exactly one order.
      if (discount) {
        // The redemption names the order: the order's row is written first.
        await unit.flush();
        await discounts.redeem(trx, { discountId: discount.id, orderId, email: newOrder.row.customer_email });
      }
      // Card orders are confirmed by mail once Stripe says they are paid (no audience read for them).
      if (audience) await queueOrderMails(ctx, scope, { order: newOrder.row, items: newOrder.items, confirmationCode }, audience);
      // Last: on PostgreSQL the shard row of the store's day is held from here to the commit (see orderStats).
      await orderStats.placed(scope, newOrder.row, newOrder.items);
      return { number, details };
    };
    try {
      const placed = await inOrderUnit(ctx, { storeId: store.id, orderId, lines, number: order.number, inOneStatement: !discount }, orderWrites);
      // Every instance's storefront pages show the new availability at once.
      ctx.stockChanged(slug);
      ctx.mailer.wake();
      announceOrderChange(ctx, store.id);
      if (chosen.option.method !== 'card') notificationsChanged(ctx, store.id);
      const paymentUrl =
        chosen.option.method === 'card'
          ? await ports.payments.openCardSession({ storeId: store.id, storeName: store.name, slug, orderId, token }, chosen)
          : null;
      const result: CheckoutResult = { success: true, orderId, orderNumber: placed.number, totalCents: totals.totalCents, orderToken: token, paymentUrl };
      return { result, replayed: false };
    } catch (err) {
      if (err instanceof AppError && err.code === 'out_of_stock') {
        // What the shopper saw was stale: the next storefront read must be fresh.
        ctx.stockChanged(slug);
        throw err;
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
     * Creates an order from the store's current prices and the chosen payment method, reserving
     * stock for every line in one transaction (conditional updates, locked in a fixed order), or
     * refuses it whole.
     */
    async createOrder(slug: string, input: CheckoutInput, clientIp: string): Promise<Placed> {
      const settings = storeSettings(slug);
      const store = await settings.store();
      if (!store) throw notFound('Store non trovato');
      // The checkout tells a valid code from a wrong one as '/discounts/check' does: the same budget.
      if (input.discountCode) await countDiscountAttempt(ctx, store.id, clientIp);

      const merged = mergeLines(input.items);
      const fingerprint = checkoutFingerprint(input, merged);
      // What the store's settings refuse (kept per store, no read) is known before the reads; it is
      // told after the key's earlier order is looked up, as before.
      const settled = handled(
        (async () => {
          const chosen = await settings.payment(store.id, input.paymentMethod);
          const destination = await settings.destination(store.id, input.country);
          if (destination.name === DOMESTIC_COUNTRY && !input.customer.province) throw badRequest(provinceMsg.required, 'customer.province');
          if (input.invoice) checkInvoiceRequest(input.invoice, destination, input.customer.postalCode);
          return { chosen, destination, defaultVatCode: await settings.vatCode(store.id) };
        })(),
      );
      const accepted = await settled.then(
        () => true,
        () => false,
      );
      // One round trip on PostgreSQL (checkout/repo.ts): the key's earlier order, the cart's
      // products, variants and units, the team the order's mails and bell go to, and the order's number.
      const reads = checkoutReads(ctx);
      const replayRead = previousOrder(reads.from, store.id, input.idempotencyKey, fingerprint);
      const linesRead = handled(priceLines(reads.from, store.id, merged));
      const teamRead = handled(noticeAudience(reads.from, store.id));
      const numberRead = reads.orderNumber(store.id, input.idempotencyKey, accepted);
      await reads.run();
      const replay = await replayRead;
      if (replay) return { result: replay, replayed: true };
      const { chosen, destination, defaultVatCode } = await settled;
      const number = await numberRead();

      // Only created orders use the quota: every other outcome gives the slot back.
      const giveBack = await reserveOrderSlot(ctx, store.id, clientIp, input.customer.customerEmail);
      try {
        if (needsConfirmation(chosen.option.method)) await confirmations.checkRoom(store.id, canonicalEmail(input.customer.customerEmail));
        const lines = await linesRead;
        // Checked against the goods before the order is written; counted inside its transaction.
        const discount = input.discountCode
          ? await discounts.evaluate(store.id, input.discountCode, orderTotals(lines).subtotalCents, input.customer.customerEmail)
          : null;
        const placed = await placeOrder({
          store,
          slug,
          input,
          lines,
          fingerprint,
          chosen,
          destination,
          discount,
          defaultVatCode,
          team: await teamRead,
          number,
        });
        if (placed.replayed) await giveBack();
        return placed;
      } catch (err) {
        await giveBack();
        throw err;
      }
    },
  };
}
