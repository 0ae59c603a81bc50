import { checkoutMsg, stockEffect, type OrderStatus } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { isCheckViolation } from '../../db/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';

type Effect = ReturnType<typeof stockEffect>;

/**
 * How one unit's counters move when an order goes from one stock effect to another.
 * `needsAvailable` marks moves that take stock again and must find it free.
 */
function delta(from: Effect, to: Effect, q: number): { qty: number; reserved: number; needsAvailable: boolean } {
  const held = (e: Effect) => (e === 'reserved' ? q : 0);
  const gone = (e: Effect) => (e === 'shipped' ? q : 0);
  const qty = gone(from) - gone(to);
  const reserved = held(to) - held(from);
  // Taking units that are not already ours (from cancelled) needs them to be available.
  return { qty, reserved, needsAvailable: from === 'none' && to !== 'none' };
}

/**
 * Changes an order's status and applies exactly the stock difference between the old and the new
 * status, in one transaction; moving back and forth can never create or lose stock.
 */
export async function changeOrderStatus(db: Db, storeId: string, orderId: string, to: OrderStatus) {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
    if (!order) throw notFound('Ordine non trovato');
    const from = order.status;
    if (from === to) return { from, to };
    // Conditional on the status we read: two concurrent changes cannot both apply their stock moves.
    const claimed = await trx
      .updateTable('orders')
      .set({ status: to, updated_at: clock.iso() })
      .where('id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(409, 'conflict', 'Lo stato dell’ordine è appena cambiato: ricarica e riprova.');

    const items = await trx.selectFrom('order_items').select(['product_id', 'variant_id', 'quantity', 'title']).where('order_id', '=', orderId).execute();
    const units = [];
    for (const item of items) {
      if (!item.product_id) continue; // the product was deleted: its stock is gone with it
      let q = trx.selectFrom('inventory').select('id').where('store_id', '=', storeId).where('product_id', '=', item.product_id);
      q = item.variant_id ? q.where('variant_id', '=', item.variant_id) : q.where('variant_id', 'is', null);
      const unit = await q.executeTakeFirst();
      if (unit) units.push({ id: unit.id, item });
    }
    units.sort((a, b) => a.id.localeCompare(b.id));
    for (const { id, item } of units) {
      const d = delta(stockEffect(from), stockEffect(to), item.quantity);
      if (d.qty === 0 && d.reserved === 0) continue;
      let upd = trx
        .updateTable('inventory')
        .set((eb) => ({ qty: eb('qty', '+', d.qty), reserved: eb('reserved', '+', d.reserved) }))
        .where('id', '=', id);
      if (d.needsAvailable) upd = upd.where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', item.quantity));
      try {
        const r = await upd.executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1)
          throw new AppError(409, 'out_of_stock', checkoutMsg.insufficient(item.title), { title: 'Disponibilità insufficiente' });
      } catch (err) {
        if (isCheckViolation(err)) throw new AppError(409, 'out_of_stock', checkoutMsg.insufficient(item.title), { title: 'Disponibilità insufficiente' });
        throw err;
      }
    }
    return { from, to };
  });
}
