import { fulfilmentMsg, type Shipment, type ShipmentValues, type UpdateOrderStatusInput } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { fulfilmentRepo } from './repo.js';
import { queueShipmentMail, type ShipmentMailKind } from './mails.js';
import { ordersRepo } from '../repo.js';
import { orderNotesRepo } from '../notes/repo.js';
import { clock } from '../../../lib/clock.js';
import { changeOrderStatus } from '../status/service.js';
import { announceOrderChange } from '../../stats/service.js';
import { orderAudit, shipmentChanges, type OrderMember } from '../order-audit.js';

/** A shopper already told about the parcel hears again only when how to follow it changed. */
const trackingChanged = (before: Shipment | null, after: Shipment | null) =>
  Boolean(after && (after.trackingNumber || after.trackingUrl)) &&
  (before?.carrier !== after?.carrier || before?.trackingNumber !== after?.trackingNumber || before?.trackingUrl !== after?.trackingUrl);

/**
 * Shipping and delivering orders (docs/decisions/0019-fulfilment.md). The shipment, its times and the
 * shopper's mail are written in the status change's own transaction: the mail exists iff the
 * change does, and one request queues at most one mail.
 */
export function fulfilmentService(ctx: AppContext) {
  /** Saves what the team gave and says which mail (if any) the change deserves, with the shipment as saved. */
  async function applyShipment(trx: Db, storeId: string, orderId: string, from: string, input: ShipmentValues | undefined) {
    const before = await fulfilmentRepo(trx).shipmentOf(storeId, orderId);
    if (input) await fulfilmentRepo(trx).saveDetails(storeId, orderId, input);
    if (from !== 'shipped') await fulfilmentRepo(trx).stamp(storeId, orderId, 'shipped');
    const after = await fulfilmentRepo(trx).shipmentOf(storeId, orderId);
    // Back from 'Consegnato' is a correction the shopper was already told about.
    const kind: ShipmentMailKind | null = from !== 'shipped' && from !== 'delivered' ? 'shipped' : trackingChanged(before, after) ? 'updated' : null;
    return { kind, shipment: after, changes: shipmentChanges(before, after) };
  }

  return {
    /**
     * The team's status change ('Spedito' may bring the carrier and tracking number), recorded in
     * 'Registro attività' in its transaction; `bulk`: it came from the orders table's 'Cambia stato'.
     */
    async changeStatus(member: OrderMember, orderId: string, input: UpdateOrderStatusInput, opts: { bulk?: boolean } = {}) {
      const { storeId } = member;
      let mailed = false;
      await changeOrderStatus(
        ctx.db,
        storeId,
        orderId,
        input.status,
        async (trx, { from, to }) => {
          let mail: { kind: ShipmentMailKind | null; shipment: Shipment | null; changes?: ReturnType<typeof shipmentChanges> } = { kind: null, shipment: null };
          if (to === 'shipped') mail = await applyShipment(trx, storeId, orderId, from, input.shipment);
          else if (to === 'delivered' && from !== 'delivered') {
            await fulfilmentRepo(trx).stamp(storeId, orderId, 'delivered');
            mail = { kind: 'delivered', shipment: await fulfilmentRepo(trx).shipmentOf(storeId, orderId) };
          }
          const order = await ordersRepo(trx).find(storeId, orderId);
          if (order && from !== to) await orderAudit.statusChanged(trx, member, order, { from, to, shipment: mail.changes }, opts);
          else if (order && mail.changes) await orderAudit.shipmentChanged(trx, member, order, mail.changes);
          if (!mail.kind) return;
          await queueShipmentMail(ctx, trx, storeId, orderId, mail.kind, mail.shipment);
          mailed = true;
        },
        member.user.id,
      );
      if (mailed) ctx.mailer.wake();
      announceOrderChange(ctx, storeId);
    },

    /** Adds or corrects the carrier and tracking of an order already shipped (or delivered). */
    async updateShipment(member: OrderMember, orderId: string, input: ShipmentValues) {
      const { storeId } = member;
      const actorId = member.user.id;
      let mailed = false;
      await ctx.db.transaction().execute(async (trx) => {
        const order = await ordersRepo(trx).find(storeId, orderId);
        if (!order) throw notFound('Ordine non trovato');
        if (order.status !== 'shipped' && order.status !== 'delivered') throw conflict(fulfilmentMsg.notShipped);
        const before = await fulfilmentRepo(trx).shipmentOf(storeId, orderId);
        await fulfilmentRepo(trx).saveDetails(storeId, orderId, input);
        const after = await fulfilmentRepo(trx).shipmentOf(storeId, orderId);
        await orderNotesRepo(trx).recordTeamEvent({ orderId, kind: 'shipment', value: after?.carrier ?? '', actorId, at: clock.iso() });
        await orderAudit.shipmentChanged(trx, member, order, shipmentChanges(before, after));
        // Once delivered, a correction is bookkeeping: nobody needs a mail about it.
        if (order.status === 'shipped' && trackingChanged(before, after)) {
          await queueShipmentMail(ctx, trx, storeId, orderId, 'updated', after);
          mailed = true;
        }
      });
      if (mailed) ctx.mailer.wake();
    },
  };
}
