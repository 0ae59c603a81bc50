import { sql, type RawBuilder } from 'kysely';
import type { OrderListFilter, OrderSort } from '@vetrina/shared';

/**
 * The table's order (docs/decisions/back-office-tables.md): the column, then what the column's
 * index carries after it, ending on the order number (unique in the store), all one direction so
 * each page is read off an index (migrations 001, 008 and 015). Default: newest first.
 */
const ORDER_KEYS: Record<OrderSort, Array<RawBuilder<unknown>>> = {
  number: [sql`o.order_number`],
  date: [sql`o.created_at`, sql`o.order_number`],
  customer: [sql`lower(o.customer_name)`, sql`o.order_number`],
  total: [sql`o.total_cents`, sql`o.order_number`],
  status: [sql`o.status`, sql`o.created_at`, sql`o.order_number`],
  payment: [sql`o.payment_status`, sql`o.created_at`, sql`o.order_number`],
};

export function orderedBy<Q extends { orderBy: (e: RawBuilder<unknown>, d: 'asc' | 'desc') => Q }>(qb: Q, q: OrderListFilter): Q {
  const keys = ORDER_KEYS[q.sort ?? 'date'];
  const dir = q.sort ? (q.dir ?? 'asc') : 'desc';
  return keys.reduce((acc, key) => acc.orderBy(key, dir), qb);
}
