import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * `store_setup`: what 'Primi passi' cannot read from the store's own data (docs/decisions/0047-setup-guide.md):
 * when the merchant first opened the storefront from the guide, and whether they closed the guide.
 * No row: neither happened.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_setup')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('visited_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('store_setup').ifExists().execute();
}
