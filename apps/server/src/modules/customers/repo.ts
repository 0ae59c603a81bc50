import { sql, type RawBuilder } from 'kysely';
import type { CustomerDetail, CustomerListFilter, CustomerSort, CustomerSummary } from '@vetrina/shared/customers';
import type { Db } from '../../db/index.js';
import { containsIgnoreCase } from '../../db/like.js';

/**
 * 'Clienti' read from the store's orders (docs/decisions/0046-customers-from-orders.md): a shopper
 * is the lower-cased e-mail; the totals are sums over their orders in the same statement, so they
 * equal the orders by construction on both engines. Cancelled orders are counted apart and never
 * in 'Totale speso'. This module writes no table.
 */

const SORT_SQL: Record<CustomerSort, string> = {
  name: 'lower(l.customer_name)',
  email: 't.k',
  orders: 't.order_count',
  spent: 't.spent_cents',
  last: 't.last_at',
};

interface Row {
  k: string;
  key: string;
  name: string;
  email: string;
  phone: string | null;
  order_count: number | string;
  spent_cents: number | string | null;
  cancelled_count: number | string;
  first_at: string;
  last_at: string;
  consent_at: string | null;
}

/** The store's e-mails (lower case) with an order whose name or e-mail contains the term. */
function matching(storeId: string, term: string): RawBuilder<unknown> {
  return sql`select lower(customer_email) from orders where store_id = ${storeId} and (${containsIgnoreCase('customer_name', term)} or ${containsIgnoreCase('customer_email', term)})`;
}

/**
 * Totals per shopper joined with their latest order (name, e-mail as typed, phone, key, marketing
 * consent: a later order without the tick withdraws an earlier one). `only`
 * narrows to one shopper, `term` to those matching the search.
 */
function customersQuery(storeId: string, where: { only?: string; term?: string }): RawBuilder<Row> {
  const only = where.only === undefined ? sql`` : sql` and lower(customer_email) = ${where.only}`;
  const term = where.term ? sql` and lower(customer_email) in (${matching(storeId, where.term)})` : sql``;
  return sql<Row>`
    with t as (
      select lower(customer_email) as k,
        sum(case when status <> 'cancelled' then 1 else 0 end) as order_count,
        sum(case when status <> 'cancelled' then total_cents else 0 end) as spent_cents,
        sum(case when status = 'cancelled' then 1 else 0 end) as cancelled_count,
        min(created_at) as first_at,
        max(created_at) as last_at
      from orders where store_id = ${storeId}${only}${term}
      group by lower(customer_email)
    ),
    l as (
      select id, lower(customer_email) as k, customer_name, customer_email, customer_phone, marketing_consent_at,
        row_number() over (partition by lower(customer_email) order by created_at desc, order_number desc) as rn
      from orders where store_id = ${storeId}${only}${term}
    )
    select t.k, l.id as key, l.customer_name as name, l.customer_email as email, l.customer_phone as phone,
      t.order_count, t.spent_cents, t.cancelled_count, t.first_at, t.last_at, l.marketing_consent_at as consent_at
    from t join l on l.k = t.k and l.rn = 1`;
}

const toSummary = (r: Row): CustomerSummary & { phone: string | null } => ({
  key: r.key,
  name: r.name,
  email: r.email,
  phone: r.phone,
  orderCount: Number(r.order_count),
  spentCents: Number(r.spent_cents ?? 0),
  cancelledCount: Number(r.cancelled_count),
  firstOrderAt: r.first_at,
  lastOrderAt: r.last_at,
  marketingConsentAt: r.consent_at,
});

export function customersRepo(db: Db) {
  async function page(storeId: string, filter: Pick<CustomerListFilter, 'search' | 'sort' | 'dir'>, limit: number, offset: number) {
    const base = customersQuery(storeId, { term: filter.search || undefined });
    const dir = filter.dir === 'desc' ? 'desc' : 'asc';
    // Ties break on the e-mail, so pages never overlap; without a sort, the latest order first.
    const order = filter.sort ? `${SORT_SQL[filter.sort]} ${dir}, t.k ${dir}` : 't.last_at desc, t.k asc';
    const { rows } = await sql<Row>`${base} order by ${sql.raw(order)} limit ${limit} offset ${offset}`.execute(db);
    return rows.map(toSummary);
  }

  return {
    page,

    async list(storeId: string, filter: CustomerListFilter) {
      const term = filter.search || undefined;
      const counted = term
        ? sql<{
            n: number | string;
          }>`select count(distinct lower(customer_email)) as n from orders where store_id = ${storeId} and lower(customer_email) in (${matching(storeId, term)})`
        : sql<{ n: number | string }>`select count(distinct lower(customer_email)) as n from orders where store_id = ${storeId}`;
      const [items, total] = await Promise.all([
        page(storeId, filter, filter.pageSize, (filter.page - 1) * filter.pageSize),
        counted.execute(db).then((r) => Number(r.rows[0]?.n ?? 0)),
      ]);
      return { items: items.map(({ phone: _phone, ...c }) => c), total, page: filter.page, pageSize: filter.pageSize };
    },

    /** The lower-cased e-mail of the store's order `key`, or null (another store's order is not found). */
    async emailOf(storeId: string, key: string): Promise<string | null> {
      const row = await db
        .selectFrom('orders')
        .select(sql<string>`lower(customer_email)`.as('k'))
        .where('store_id', '=', storeId)
        .where('id', '=', key)
        .executeTakeFirst();
      return row?.k ?? null;
    },

    async summary(storeId: string, email: string) {
      const { rows } = await customersQuery(storeId, { only: email }).execute(db);
      return rows[0] ? toSummary(rows[0]) : null;
    },

    /** The shopper's latest orders (at most `limit`). */
    async orders(storeId: string, email: string, limit: number): Promise<CustomerDetail['orders']> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'order_number', 'created_at', 'status', 'payment_status', 'total_cents'])
        .where('store_id', '=', storeId)
        .where(sql<string>`lower(customer_email)`, '=', email)
        .orderBy('created_at', 'desc')
        .orderBy('order_number', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        orderNumber: r.order_number,
        createdAt: r.created_at,
        status: r.status,
        paymentStatus: r.payment_status,
        totalCents: r.total_cents,
      }));
    },

    async contactMessages(storeId: string, email: string, limit: number): Promise<CustomerDetail['messages']> {
      const rows = await db
        .selectFrom('store_messages')
        .select(['id', 'created_at', 'message', 'status'])
        .where('store_id', '=', storeId)
        .where(sql<string>`lower(customer_email)`, '=', email)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, createdAt: r.created_at, message: r.message, answered: r.status === 'responded' }));
    },

    /** The store's chat with the account of this e-mail, when there is one with messages. */
    async chat(storeId: string, email: string): Promise<CustomerDetail['chat']> {
      const row = await db
        .selectFrom('chat_messages as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', sql<number | string>`count(*)`.as('n'), sql<string>`max(m.created_at)`.as('last_at')])
        .where('m.store_id', '=', storeId)
        .where(sql<string>`lower(u.email)`, '=', email)
        .groupBy('m.user_id')
        .executeTakeFirst();
      return row ? { userId: row.user_id, messageCount: Number(row.n), lastAt: row.last_at } : null;
    },

    async invoices(storeId: string, email: string): Promise<CustomerDetail['invoices']> {
      const rows = await db
        .selectFrom('invoices as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.id', 'i.number', 'i.kind', 'i.date', 'o.order_number', 'i.total_cents'])
        .where('i.store_id', '=', storeId)
        .where('o.store_id', '=', storeId)
        .where(sql<string>`lower(o.customer_email)`, '=', email)
        .orderBy('i.date', 'desc')
        .orderBy('i.number', 'desc')
        .execute();
      return rows.map((r) => ({ id: r.id, number: r.number, kind: r.kind, date: r.date, orderNumber: r.order_number, totalCents: r.total_cents }));
    },
  };
}
