import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * 'Clienti' is aggregated from the orders at read time (docs/decisions/0046-customers-from-orders.md):
 * one index led by the store and the e-mail in any case, so grouping a store's orders by shopper
 * and finding one shopper's orders read the index in order instead of sorting the store.
 */
export async function up(db: Db): Promise<void> {
  await sql`create index orders_store_customer_idx on orders (store_id, lower(customer_email), created_at)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_store_customer_idx').ifExists().execute();
}
