import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Business details and legal pages (docs/decisions/0017-business-legal.md):
 * - `store_business_details`: one row per store that saved its company details (no row: none
 *   shown). Empty text means "not given"; the P.IVA is kept as 11 digits.
 * - `store_legal_pages`: the merchant's own Markdown of a page ('termini', 'privacy',
 *   'spedizioni-resi'). No row: the page is the template, filled from the store's current data.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_business_details')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_legal_pages')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_legal_pages_pk', ['store_id', 'kind'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('store_legal_pages').ifExists().execute();
  await db.schema.dropTable('store_business_details').ifExists().execute();
}
