import { createHash } from 'node:crypto';
import {
  RETURN_LIMITS,
  WITHDRAWAL_EXCLUSION_LABELS,
  returnMsg,
  type WithdrawableOrder,
  type WithdrawalInput,
  type WithdrawalOrderRef,
  type WithdrawalReceipt,
} from '@vetrina/shared/returns';
import { canonicalEmail } from '@vetrina/shared/email-canonical';
import { isAcceptedIban } from '@vetrina/shared/payment-settings';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { isUniqueViolation } from '../../../db/index.js';
import { clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound, rateLimited } from '../../../lib/errors.js';
import { takeSlots } from '../../../lib/rate-limiter.js';
import { orderSteps } from '../../orders/service.js';
import { notificationsChanged } from '../../notifications/service.js';
import { returnsRepo } from '../repo.js';
import { returnSettingsOf } from '../settings/service.js';
import { withdrawalRepo } from './repo.js';
import { withdrawalWindow } from '@vetrina/shared/withdrawal-window';
import { queueWithdrawalMails, withdrawalAudience } from './mails.js';

const HOUR = 3_600_000;
const emailHash = (email: string) => createHash('sha256').update(canonicalEmail(email)).digest('base64url');

/** The limiter's counters of the withdrawal form (lookups and confirmations together), per store. */
export const withdrawalLimitKeys = (storeId: string, clientIp: string, email?: string) => [
  `withdrawal:${storeId}:ip:${clientIp}`,
  ...(email ? [`withdrawal:${storeId}:email:${emailHash(email)}`] : []),
];

/** Every try counts, found or not: the footer form must not become a way to test order numbers. */
async function countTry(ctx: AppContext, storeId: string, clientIp: string, email?: string) {
  const slots = withdrawalLimitKeys(storeId, clientIp, email).map((key) => ({ key, max: RETURN_LIMITS.formPerHour, windowMs: HOUR }));
  await takeSlots(ctx.limiter, slots, (resetMs) => rateLimited(returnMsg.tooMany, resetMs, 'Troppi tentativi'));
}

type FoundOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof withdrawalRepo>['orderByToken']>>>;

/** The order the reference names; a wrong number and e-mail pair answers exactly like an unknown order. */
async function findOrder(db: Db, storeId: string, ref: WithdrawalOrderRef): Promise<FoundOrder> {
  const repo = withdrawalRepo(db);
  const order =
    'token' in ref ? await repo.orderByToken(storeId, ref.token) : await repo.orderByNumber(storeId, ref.orderNumber, canonicalEmail(ref.email), ref.email);
  if (!order) throw notFound(returnMsg.orderNotFound);
  return order;
}

/** What the form shows of the order, after checking it can still be withdrawn from. */
async function withdrawable(db: Db, order: FoundOrder): Promise<WithdrawableOrder> {
  if (order.status === 'cancelled') throw conflict(returnMsg.cancelled);
  const repo = withdrawalRepo(db);
  const [lines, deliveredAt, returned, settings] = await Promise.all([
    repo.lines(order.id),
    repo.deliveredAt(order.id),
    returnsRepo(db).returnedUnits(order.id),
    returnSettingsOf(db, order.store_id),
  ]);
  const window = withdrawalWindow(deliveredAt, clock.nowMs());
  if (!window.open) throw conflict(returnMsg.periodOver(window.lastDay!));
  return {
    orderNumber: order.order_number,
    placedAt: order.created_at,
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    lastDay: window.lastDay,
    needsIban: order.payment_method !== 'card',
    lines: lines.map((l) => ({
      orderItemId: l.id,
      title: l.title,
      variantLabel: l.variant_label,
      quantity: l.quantity,
      returnable: Math.max(0, l.quantity - (returned.get(l.id) ?? 0)),
      excluded: l.withdrawal_exclusion ? WITHDRAWAL_EXCLUSION_LABELS[l.withdrawal_exclusion] : null,
    })),
    returnAddress: settings.address,
    returnShippingPaidBy: settings.returnShippingPaidBy,
    instructions: settings.instructions,
  };
}

/** The lines chosen, each checked against the order (in it, not excluded, not more than is left). */
function checkLines(view: WithdrawableOrder, chosen: WithdrawalInput['lines']) {
  const merged = new Map<string, number>();
  for (const c of chosen) merged.set(c.orderItemId, (merged.get(c.orderItemId) ?? 0) + c.quantity);
  return [...merged].map(([orderItemId, quantity]) => {
    const line = view.lines.find((l) => l.orderItemId === orderItemId);
    if (!line) throw badRequest(returnMsg.lineNotInOrder, 'lines');
    if (line.excluded) throw conflict(returnMsg.excluded(line.title));
    if (quantity > line.returnable) throw conflict(returnMsg.quantityOver(line.title, line.returnable));
    return { orderItemId, quantity, line };
  });
}

/** The shopper's withdrawal, without an account (art. 54-bis Codice del Consumo). */
export function withdrawalService(ctx: AppContext) {
  return {
    async lookup(store: { id: string }, clientIp: string, ref: WithdrawalOrderRef): Promise<WithdrawableOrder> {
      await countTry(ctx, store.id, clientIp, 'email' in ref ? ref.email : undefined);
      return withdrawable(ctx.db, await findOrder(ctx.db, store.id, ref));
    },

    /** 'Conferma il recesso': checks everything again, records it, and queues the acknowledgment in the same transaction. */
    async submit(store: { id: string }, clientIp: string, input: WithdrawalInput): Promise<WithdrawalReceipt> {
      await countTry(ctx, store.id, clientIp, input.email);
      const iban = input.iban ? input.iban.replace(/\s+/g, '').toUpperCase() : '';
      if (iban && !isAcceptedIban(iban)) throw badRequest(returnMsg.iban, 'iban');
      const audience = await withdrawalAudience(ctx, store.id);
      for (let attempt = 0; ; attempt++) {
        try {
          const receipt = await ctx.db.transaction().execute(async (trx) => {
            if (await withdrawalRepo(trx).requestKeyUsed(store.id, input.requestKey)) throw conflict(returnMsg.replayed);
            const order = await findOrder(trx, store.id, input.order);
            const view = await withdrawable(trx, order);
            const lines = checkLines(view, input.lines);
            const at = clock.iso();
            const created = await returnsRepo(trx).insert({
              storeId: store.id,
              orderId: order.id,
              origin: 'shopper',
              customerName: input.name,
              customerEmail: input.email,
              reason: input.reason ? input.reason : null,
              refundIban: iban || null,
              requestKey: input.requestKey,
              createdByUserId: null,
              at,
              lines: lines.map(({ orderItemId, quantity }) => ({ orderItemId, quantity })),
            });
            await orderSteps.recordReturnEvent(trx, { orderId: order.id, kind: 'return', value: `requested:${created.number}`, actorId: null, at });
            await queueWithdrawalMails(ctx, trx, audience, {
              order,
              view,
              returnNumber: created.number,
              returnId: created.id,
              at,
              name: input.name,
              email: input.email,
              reason: input.reason || null,
              lines: lines.map(({ quantity, line }) => ({ quantity, title: line.title, variantLabel: line.variantLabel })),
            });
            return { returnNumber: created.number, receivedAt: at };
          });
          notificationsChanged(ctx, store.id);
          return receipt;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          // The same key, confirmed twice at once; or another return took the number: try the next.
          if (await withdrawalRepo(ctx.db).requestKeyUsed(store.id, input.requestKey)) throw conflict(returnMsg.replayed);
          if (attempt >= 4) throw err;
        }
      }
    },
  };
}
