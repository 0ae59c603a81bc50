import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * `store_visitor_addresses`: how many visitors each network address added to a store today, under
 * a salted hash of the address (never the address itself), so a changed user agent cannot add more
 * than a few (docs/decisions/0038-visits.md). Deleted with the day's salt, like `store_visitors`.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_visitor_addresses')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_visitor_addresses_pk', ['store_id', 'day', 'address_hash'])
    .execute();
  await db.schema.createIndex('store_visitor_addresses_day_idx').on('store_visitor_addresses').column('day').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('store_visitor_addresses').ifExists().execute();
}
