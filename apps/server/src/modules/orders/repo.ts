import { sql } from 'kysely';
import type { OrderDetail, OrderSummary, OrdersFilter } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { OrdersTable } from '../../db/schema.js';
import { containsIgnoreCase } from '../../lib/sql-like.js';

function toSummary(o: OrdersTable & { item_count: number }): OrderSummary {
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    createdAt: o.created_at,
    customerName: o.customer_name,
    customerEmail: o.customer_email,
    customerPhone: o.customer_phone,
    shippingAddress: { street: o.shipping_street, city: o.shipping_city, postalCode: o.shipping_postal_code, country: o.shipping_country },
    subtotalCents: o.subtotal_cents,
    shippingCents: o.shipping_cents,
    totalCents: o.total_cents,
    notes: o.notes,
    itemCount: Number(o.item_count),
  };
}

export function ordersRepo(db: Db) {
  const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = o.id)`;
  return {
    /** One page of a store's orders, newest first, filtered by status and number / customer. */
    async list(storeId: string, q: OrdersFilter) {
      let base = db.selectFrom('orders as o').where('o.store_id', '=', storeId);
      if (q.status) base = base.where('o.status', '=', q.status);
      const term = q.search?.replace(/^#/, '').trim();
      if (term) {
        const asNumber = /^\d+$/.test(term) ? Number(term) : null;
        base = base.where((eb) =>
          eb.or([
            containsIgnoreCase('o.customer_name', term),
            containsIgnoreCase('o.customer_email', term),
            ...(asNumber !== null && asNumber <= 2_147_483_647 ? [eb('o.order_number', '=', asNumber)] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('o')
          .select(itemCount.as('item_count'))
          .orderBy('o.created_at', 'desc')
          .orderBy('o.order_number', 'desc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { items: rows.map(toSummary), total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
    },

    async detail(storeId: string, orderId: string): Promise<OrderDetail | null> {
      const o = await db
        .selectFrom('orders as o')
        .selectAll('o')
        .select(itemCount.as('item_count'))
        .where('o.id', '=', orderId)
        .where('o.store_id', '=', storeId)
        .executeTakeFirst();
      if (!o) return null;
      const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', o.id).orderBy('title').execute();
      return {
        ...toSummary(o),
        items: items.map((i) => ({
          id: i.id,
          title: i.title,
          variantLabel: i.variant_label,
          quantity: i.quantity,
          unitPriceCents: i.unit_price_cents,
          totalPriceCents: i.total_price_cents,
        })),
      };
    },
  };
}
