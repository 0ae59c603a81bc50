import { can, paymentMsg, stockEffect } from '@vetrina/shared';
import { maskIban } from '@vetrina/shared/payment-settings';
import { RETURN_STATUS_LABELS, returnMsg, returnRequestsMsg, type OpenReturnInput, type ReturnStatus } from '@vetrina/shared/returns';
import type { ReturnDetail, ReturnSummary } from '@vetrina/shared/returns-admin';
import { isUniqueViolation, type Db } from '../../../db/index.js';
import { clock } from '../../../lib/clock.js';
import type { AppContext } from '../../../lib/context.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { AuthUser, StoreMembership } from '../../../plugins/guard.js';
import { inventory } from '../../inventory/service.js';
import { messagesFromShopper } from '../../messages/service.js';
import { orderSteps } from '../../orders/service.js';
import { refundAudit } from '../audit-entries.js';
import { returnsRepo } from '../repo.js';
import { queueRejectionMail } from './mails.js';
import { chosenUnits } from './lines.js';

/** The caller: a member of the store, signed in. */
export type ReturnsMember = StoreMembership & { user: Pick<AuthUser, 'id'> & Partial<Pick<AuthUser, 'email' | 'sessionId'>> };

/** Two returns opened at once may pick the same number: the loser's whole transaction runs again. */
const NUMBER_ATTEMPTS = 4;

/**
 * The team's side of returns ('Resi', docs/decisions/0051-returns.md): Richiesto → Autorizzato →
 * Ricevuto (→ Rimborsato, by a refund), or Rifiutato. Every step is one conditional update, so a
 * double click or two members at once make one change and the other gets a 409.
 */
export function returnRequestsService(ctx: AppContext) {
  const { db } = ctx;

  /** The detail as this member may read it: the IBAN in full only for who may refund. */
  const shown = (member: ReturnsMember, r: Omit<ReturnDetail, 'messages'> & { raw?: unknown }): Omit<ReturnDetail, 'messages'> => {
    const { raw: _raw, ...detail } = r;
    const iban = detail.refundIban && !can(member, 'refunds:write') ? maskIban(detail.refundIban) : detail.refundIban;
    return { ...detail, refundIban: iban };
  };

  async function findIn(trx: Db, storeId: string, returnId: string) {
    const r = await returnsRepo(trx).find(storeId, returnId);
    if (!r) throw notFound(returnMsg.notFound);
    return r;
  }

  const refused = (status: ReturnStatus) => conflict(returnMsg.transition(RETURN_STATUS_LABELS[status]));

  /**
   * Moves the return from one of `from` to `to` in the caller's transaction, and writes the step on
   * the order's timeline and in 'Registro attività'. A return already elsewhere, or moved by someone else first, is refused.
   */
  async function step(
    trx: Db,
    member: ReturnsMember,
    r: { id: string; number: number; orderId: string; status: ReturnStatus },
    from: readonly ReturnStatus[],
    to: ReturnStatus,
    at: string,
    extra: Parameters<ReturnType<typeof returnsRepo>['move']>[5] = {},
    rejectReason?: string,
  ) {
    if (!from.includes(r.status)) throw refused(r.status);
    if (!(await returnsRepo(trx).move(member.storeId, r.id, from, to, at, extra))) {
      const now = await returnsRepo(trx).find(member.storeId, r.id);
      throw refused(now?.status ?? r.status);
    }
    await orderSteps.recordReturnEvent(trx, { orderId: r.orderId, kind: 'return', value: `${to}:${r.number}`, actorId: member.user.id, at });
    await refundAudit.returnMoved(trx, member, r, to, rejectReason);
  }

  async function detailOf(member: ReturnsMember, returnId: string): Promise<ReturnDetail> {
    const r = shown(member, await findIn(db, member.storeId, returnId));
    return { ...r, messages: await messagesFromShopper(db, member.storeId, r.customerEmail) };
  }

  return {
    list(member: ReturnsMember, q: { status?: ReturnStatus; page: number }): Promise<{ returns: ReturnSummary[]; total: number }> {
      return returnsRepo(db).list(member.storeId, q);
    },

    detail: detailOf,

    /** An order's returns (404 for another store's order). */
    async ofOrder(member: ReturnsMember, orderId: string): Promise<ReturnSummary[]> {
      if (!(await orderSteps.find(db, member.storeId, orderId))) throw notFound(paymentMsg.orderNotFound);
      return returnsRepo(db).ofOrder(member.storeId, orderId);
    },

    /**
     * 'Apri un reso': the team opens a return for lines of the order not already in another one
     * (refused ones do not count). No withdrawal window applies; the shopper's name and e-mail
     * come from the order.
     */
    async open(member: ReturnsMember, orderId: string, input: OpenReturnInput): Promise<ReturnDetail> {
      let created: { id: string } | undefined;
      for (let attempt = 1; !created; attempt++) {
        try {
          created = await db.transaction().execute(async (trx) => {
            const order = await orderSteps.find(trx, member.storeId, orderId);
            if (!order) throw notFound(paymentMsg.orderNotFound);
            if (order.status === 'cancelled') throw conflict(returnMsg.cancelled);
            const items = await orderSteps.itemsOf(trx, orderId);
            const returned = await returnsRepo(trx).returnedUnits(orderId);
            const lines = chosenUnits(input.lines, items, (item) => item.quantity - (returned.get(item.id) ?? 0), {
              unknown: () => badRequest(returnMsg.lineNotInOrder, 'lines'),
              over: (title, left) => conflict(returnMsg.quantityOver(title, left), { field: 'lines' }),
            });
            const at = clock.iso();
            const r = await returnsRepo(trx).insert({
              storeId: member.storeId,
              orderId,
              origin: 'team',
              customerName: order.customer_name,
              customerEmail: order.customer_email,
              reason: input.reason || null,
              refundIban: null,
              requestKey: null,
              createdByUserId: member.user.id,
              at,
              lines: lines.map((l) => ({ orderItemId: l.item.id, quantity: l.quantity })),
            });
            await orderSteps.recordReturnEvent(trx, { orderId, kind: 'return', value: `requested:${r.number}`, actorId: member.user.id, at });
            await refundAudit.returnOpened(trx, member, { id: r.id, number: r.number, orderId });
            return r;
          });
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
        }
      }
      return detailOf(member, created.id);
    },

    /** 'Autorizza': the shop agrees to take the goods back. */
    async authorize(member: ReturnsMember, returnId: string): Promise<ReturnDetail> {
      await db.transaction().execute(async (trx) => {
        const r = await findIn(trx, member.storeId, returnId);
        const at = clock.iso();
        await step(trx, member, r, ['requested'], 'authorized', at, { authorized_at: at });
      });
      return detailOf(member, returnId);
    },

    /**
     * 'Ricevuto': the goods are back; the chosen lines go back to stock once (reason 'return'). Only
     * the request that moves the return restocks: a second 'Ricevuto' is refused before any stock moves.
     */
    async receive(member: ReturnsMember, returnId: string, input: { restock: { orderItemId: string; quantity: number }[] }): Promise<ReturnDetail> {
      await db.transaction().execute(async (trx) => {
        const r = await findIn(trx, member.storeId, returnId);
        if (r.status !== 'requested' && r.status !== 'authorized') throw refused(r.status);
        const lines = chosenUnits(
          input.restock,
          r.lines.map((l) => ({ ...l, id: l.orderItemId })),
          (l) => l.quantity - l.restockedQuantity,
          {
            unknown: () => badRequest(returnRequestsMsg.restockLine, 'restock'),
            over: (title, most) => badRequest(returnRequestsMsg.restockOver(title, most), 'restock'),
          },
        );
        const order = lines.length ? await orderSteps.find(trx, member.storeId, r.orderId) : undefined;
        // Units of an order not shipped never left the shelf: putting them back would make stock up.
        if (order && stockEffect(order.status) !== 'shipped') throw conflict(returnRequestsMsg.restockNotShipped);
        const at = clock.iso();
        await step(trx, member, r, ['requested', 'authorized'], 'received', at, { received_at: at });
        if (!lines.length) return;
        const items = await orderSteps.itemsOf(trx, r.orderId);
        const stockLines = lines.flatMap((l) => {
          const item = items.find((i) => i.id === l.item.id);
          return item ? [{ orderItemId: item.id, productId: item.product_id, variantId: item.variant_id, quantity: l.quantity, title: item.title }] : [];
        });
        const back = await inventory.restock(trx, member.storeId, stockLines, { orderId: r.orderId, actorId: member.user.id });
        for (const line of back) await returnsRepo(trx).markRestocked(r.id, line.orderItemId, line.quantity);
      });
      return detailOf(member, returnId);
    },

    /** 'Rifiuta': the shopper gets the reason by mail. */
    async reject(member: ReturnsMember, returnId: string, input: { reason: string }): Promise<ReturnDetail> {
      await db.transaction().execute(async (trx) => {
        const r = await findIn(trx, member.storeId, returnId);
        const at = clock.iso();
        await step(trx, member, r, ['requested', 'authorized'], 'rejected', at, { reject_reason: input.reason, closed_at: at }, input.reason);
        await queueRejectionMail(ctx, trx, member.storeId, { ...r, rejectReason: input.reason });
      });
      ctx.mailer.wake();
      return detailOf(member, returnId);
    },
  };
}

export type ReturnRequestsService = ReturnType<typeof returnRequestsService>;
