import { catalogMsg } from '@vetrina/shared';
import { STOCK_HISTORY_PAGE_SIZE, type StockHistory } from '@vetrina/shared/stock-history';
import type { Db } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * One unit's 'Storico', newest first, a page at a time. The order is named by its number only and
 * the actor is a team member (shoppers never get one), so no shopper's details leave here.
 */
export async function stockHistory(db: Db, storeId: string, inventoryId: string, page: number): Promise<StockHistory> {
  const unit = await db.selectFrom('inventory').select('id').where('id', '=', inventoryId).where('store_id', '=', storeId).executeTakeFirst();
  if (!unit) throw notFound(catalogMsg.inventoryNotFound);
  const pageSize = STOCK_HISTORY_PAGE_SIZE;
  const movements = db.selectFrom('stock_movements as m').where('m.inventory_id', '=', inventoryId).where('m.store_id', '=', storeId);
  const [count, rows] = await Promise.all([
    movements.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    movements
      .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'm.order_id').onRef('o.store_id', '=', 'm.store_id'))
      .leftJoin('users as u', 'u.id', 'm.actor_user_id')
      .select([
        'm.id',
        'm.created_at',
        'm.reason',
        'm.qty_change',
        'm.reserved_change',
        'm.qty_after',
        'm.reserved_after',
        'm.order_id',
        'o.order_number',
        'u.email as actor_email',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      createdAt: r.created_at,
      reason: r.reason,
      qtyChange: r.qty_change,
      reservedChange: r.reserved_change,
      qtyAfter: r.qty_after,
      reservedAfter: r.reserved_after,
      order: r.order_id && r.order_number !== null ? { id: r.order_id, number: r.order_number } : null,
      actor: r.actor_email ? { email: r.actor_email } : null,
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}
