import { can, formatEuro } from '@vetrina/shared';
import { isAcceptedIban, maskIban, normaliseIban } from '@vetrina/shared/payment-settings';
import { isRefundRefusal, quoteRefund, type RefundQuote, type RefundRefusal, type RefundableOrder } from '@vetrina/shared/refund-math';
import { returnMsg, type RefundInput } from '@vetrina/shared/returns';
import type { Refund, RefundableOrderView } from '@vetrina/shared/returns-admin';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import type { AuthUser, StoreMembership } from '../../../plugins/guard.js';
import type { AppError } from '../../../lib/errors.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import { orderSteps } from '../../orders/service.js';
import { assertFreshProof } from '../../auth/reauth/service.js';
import type { PaymentRefundsPort } from '../../payments/refunds-port.js';
import { refundAudit } from '../audit-entries.js';
import { returnsRepo } from '../repo.js';
import { refundsRepo, type RefundRow } from './repo.js';
import { afterSucceeded, refundOutcome, stripeRefunds } from './settle.js';

type OrderRow = NonNullable<Awaited<ReturnType<typeof orderSteps.find>>>;
const PAID = ['paid', 'partially_refunded'];
const orderNotFound = 'Ordine non trovato';
/** Why an order that is not (or no longer) paid cannot be refunded: all of it went back, or nothing came in. */
const notRefundable = (o: OrderRow) => (o.payment_status === 'refunded' ? conflict(returnMsg.refundOver(formatEuro(0))) : conflict(returnMsg.refundUnpaid));

/** The order as quoteRefund takes it (packages/shared/src/refund-math.ts). */
async function refundableOf(db: Db, o: OrderRow): Promise<RefundableOrder & { titles: Map<string, { variantLabel: string | null }> }> {
  const items = await orderSteps.itemsInPrintOrder(db, o.id);
  return {
    items: items.map((i) => ({ id: i.id, title: i.title, quantity: Number(i.quantity), totalPriceCents: Number(i.total_price_cents) })),
    titles: new Map(items.map((i) => [i.id, { variantLabel: i.variant_label }])),
    discountCents: Number(o.discount_cents),
    shippingCents: Number(o.shipping_cents),
    surchargeCents: Number(o.surcharge_cents),
    totalCents: Number(o.total_cents),
  };
}

/** The Italian answer to a refund quoteRefund refuses. */
function refusalError(r: RefundRefusal): AppError {
  switch (r.kind) {
    case 'line-not-in-order':
      return badRequest(returnMsg.lineNotInOrder, 'lines');
    case 'quantity-over':
      return badRequest(returnMsg.quantityOver(r.title, r.left), 'lines');
    case 'shipping-over':
      return badRequest(returnMsg.shippingOver(formatEuro(r.leftCents)), 'shippingCents');
    case 'over':
      return conflict(returnMsg.refundOver(formatEuro(r.leftCents)));
    case 'nothing':
      return badRequest(returnMsg.refundNothing);
  }
}

/** Who refunds: a member of the store, with the session the request came from (named in 'Registro attività'). */
export type RefundingMember = StoreMembership & { user: Pick<AuthUser, 'id' | 'sessionId'> & Partial<Pick<AuthUser, 'email'>> };

const sameQuote = (a: RefundQuote, b: RefundQuote | RefundRefusal) => !isRefundRefusal(b) && JSON.stringify(a) === JSON.stringify(b);

/** Refunds by line (docs/decisions/0051-returns.md): amounts only from quoteRefund, never above what was paid. */
export function refundsService(ctx: AppContext) {
  const { db } = ctx;
  const stripe = stripeRefunds(ctx);

  async function orderOf(storeId: string, orderId: string): Promise<OrderRow> {
    const o = await orderSteps.find(db, storeId, orderId);
    if (!o) throw notFound(orderNotFound);
    return o;
  }

  /**
   * A large refund moves money out of the store: above the threshold (REAUTH_REFUND_THRESHOLD_CENTS)
   * the member must have proved who they are within five minutes. Asked inside the refund's
   * transaction, once the amount is known: a refusal leaves nothing behind.
   */
  async function freshAbove(executor: Db, member: RefundingMember, amountCents: number) {
    if (amountCents > ctx.config.reauthRefundThresholdCents) await assertFreshProof(executor, member.user.sessionId);
  }

  /** Manual refunds: the IBAN given, or the shopper's from the return; 400 when missing or malformed. */
  async function ibanFor(storeId: string, input: RefundInput): Promise<string> {
    const ret = input.returnId ? await returnsRepo(db).find(storeId, input.returnId) : undefined;
    const raw = input.iban || ret?.raw.refund_iban || '';
    if (!raw) throw badRequest(returnMsg.refundIbanRequired, 'iban');
    if (!isAcceptedIban(raw)) throw badRequest(returnMsg.iban, 'iban');
    return normaliseIban(raw);
  }

  return {
    /** The order's refunds and what the 'Rimborsa' form needs; the IBAN is masked unless the reader may refund. */
    async list(member: StoreMembership, orderId: string): Promise<{ refunds: Refund[]; refundable: RefundableOrderView }> {
      const o = await orderOf(member.storeId, orderId);
      const mayRefund = can(member, 'refunds:write');
      const mask = (iban: string | null) => (iban && !mayRefund ? maskIban(iban) : iban);
      const repo = refundsRepo(db);
      const [refunds, order, prior, iban] = await Promise.all([
        repo.ofOrder(member.storeId, o.id),
        refundableOf(db, o),
        repo.prior(o.id),
        repo.shopperIban(o.id),
      ]);
      return {
        refunds: refunds.map(({ iban: _iban, ...r }) => r),
        refundable: {
          items: order.items.map((i) => ({ ...i, variantLabel: order.titles.get(i.id)?.variantLabel ?? null })),
          discountCents: order.discountCents,
          shippingCents: order.shippingCents,
          surchargeCents: order.surchargeCents,
          totalCents: order.totalCents,
          prior,
          method: o.payment_method === 'card' ? 'stripe' : 'manual',
          iban: mask(iban),
          paid: PAID.includes(o.payment_status),
        },
      };
    },

    /**
     * 'Rimborsa': quotes the refund, holds its amount on the order (one conditional update: of two
     * refunds for the last euro one wins) and records it. Manual: done at once. Card: Stripe next.
     */
    async create(member: RefundingMember, actorId: string, orderId: string, input: RefundInput): Promise<Refund> {
      const storeId = member.storeId;
      const o = await orderOf(storeId, orderId);
      if (input.returnId) {
        const ret = await returnsRepo(db).find(storeId, input.returnId);
        if (!ret || ret.orderId !== o.id) throw notFound(returnMsg.notFound);
      }
      const method = o.payment_method === 'card' ? 'stripe' : 'manual';
      if (!PAID.includes(o.payment_status)) throw notRefundable(o);
      const iban = method === 'manual' ? await ibanFor(storeId, input) : null;
      const request = { lines: input.lines, shippingCents: input.shippingCents, adjustmentCents: input.adjustmentCents };
      const id = newId();
      const at = clock.iso();
      const row = await db.transaction().execute(async (trx) => {
        const fresh = await orderSteps.find(trx, storeId, o.id);
        if (!fresh) throw notFound(orderNotFound);
        if (!PAID.includes(fresh.payment_status)) throw notRefundable(fresh);
        const order = await refundableOf(trx, fresh);
        const refunds = refundsRepo(trx);
        const quote = quoteRefund(order, await refunds.prior(o.id), request);
        if (isRefundRefusal(quote)) throw refusalError(quote);
        await freshAbove(trx, member, quote.totalCents);
        if (!(await orderSteps.holdRefund(trx, storeId, o.id, quote.totalCents))) {
          const left = Number(fresh.total_cents) - Number((await orderSteps.find(trx, storeId, o.id))?.refunded_cents ?? 0);
          throw conflict(returnMsg.refundOver(formatEuro(Math.max(0, left))));
        }
        // The hold locked the order's row: quoted again, another refund that committed meanwhile is counted.
        const again = quoteRefund(order, await refunds.prior(o.id), request);
        if (!sameQuote(quote, again)) throw isRefundRefusal(again) ? refusalError(again) : conflict(returnMsg.refundOver(formatEuro(0)));
        const r: RefundRow = {
          id,
          store_id: storeId,
          order_id: o.id,
          return_id: input.returnId ?? null,
          method,
          status: method === 'manual' ? 'succeeded' : 'pending',
          items_cents: quote.itemsCents,
          shipping_cents: quote.shippingCents,
          adjustment_cents: quote.adjustmentCents,
          amount_cents: quote.totalCents,
          iban,
          note: input.note || null,
          stripe_refund_id: null,
          attempts: 0,
          failure_reason: null,
          credit_note_id: null,
          created_by_user_id: actorId,
          created_at: at,
          updated_at: at,
          succeeded_at: method === 'manual' ? at : null,
        };
        await refunds.insert({ row: r, lines: quote.lines });
        await refundAudit.issued(trx, member, r);
        if (method === 'manual') await refundOutcome.succeeded(ctx, trx, r, actorId, at);
        else await orderSteps.recordReturnEvent(trx, { orderId: o.id, kind: 'refund', value: `pending:${r.amount_cents}`, actorId, at });
        return r;
      });
      if (method === 'manual') await afterSucceeded(ctx, storeId, id, actorId);
      else await stripe.attempt(row, actorId);
      return this.one(member, o.id, id);
    },

    /** A failed card refund tried again (its amount held again, if it still fits). */
    async retry(member: RefundingMember, actorId: string, refundId: string): Promise<Refund> {
      const r = await refundsRepo(db).find(member.storeId, refundId);
      if (!r) throw notFound(returnMsg.refundNotFound);
      if (r.status !== 'failed' || r.method !== 'stripe') throw conflict(returnMsg.retryOnlyFailed);
      await freshAbove(db, member, Number(r.amount_cents));
      const at = clock.iso();
      await db.transaction().execute(async (trx) => {
        if (!(await refundsRepo(trx).move(r.id, ['failed'], 'pending', at, { failure_reason: null }))) throw conflict(returnMsg.retryOnlyFailed);
        if (!(await orderSteps.holdRefund(trx, r.store_id, r.order_id, r.amount_cents))) {
          const o = await orderSteps.find(trx, r.store_id, r.order_id);
          throw conflict(returnMsg.refundOver(formatEuro(Math.max(0, Number(o?.total_cents ?? 0) - Number(o?.refunded_cents ?? 0)))));
        }
        await orderSteps.recordReturnEvent(trx, { orderId: r.order_id, kind: 'refund', value: `pending:${r.amount_cents}`, actorId, at });
        await refundAudit.retried(trx, member, r);
      });
      await stripe.attempt({ ...r, status: 'pending', failure_reason: null }, actorId);
      return this.one(member, r.order_id, r.id);
    },

    /** One refund as the API answers it. */
    async one(member: StoreMembership, orderId: string, refundId: string): Promise<Refund> {
      const found = (await refundsRepo(db).ofOrder(member.storeId, orderId)).find((x) => x.id === refundId);
      if (!found) throw notFound(returnMsg.refundNotFound);
      const { iban: _iban, ...refund } = found;
      return refund;
    },
  };
}

export type RefundsService = ReturnType<typeof refundsService>;

/** What the Stripe webhook uses of the refunds, given to the payments module in app.ts. */
export function refundsForPayments(ctx: AppContext): PaymentRefundsPort {
  const stripe = stripeRefunds(ctx);
  return { applyStripeRefunds: (storeId, updates, claim) => stripe.apply(storeId, updates, claim) };
}
