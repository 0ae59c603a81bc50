import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Credit notes for refunds (issue 48): a refund of some lines of an invoiced order issues a credit
 * note for exactly those lines, and an invoice may get several of them.
 * - `invoices.refers_to_id` keeps its unique key: it is the credit note that cancels the whole
 *   invoice (one per invoice). Dropping the key would rebuild the table on SQLite (it is a table
 *   constraint, and the table refers to itself), for written-once fiscal records.
 * - `invoices.corrects_id`: the invoice a refund's credit note corrects in part (several per invoice).
 * - `invoices.refund_id`: the refund it was issued for, unique: one credit note per refund, however
 *   often it is asked for.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('corrects_id', 'text', (c) => c.references('invoices.id'))
    .execute();
  await db.schema.alterTable('invoices').addColumn('refund_id', 'text').execute();
  await db.schema.createIndex('invoices_refund_key').unique().on('invoices').column('refund_id').execute();
  await db.schema.createIndex('invoices_corrects_idx').on('invoices').column('corrects_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('invoices_corrects_idx').execute();
  await db.schema.dropIndex('invoices_refund_key').execute();
  await db.schema.alterTable('invoices').dropColumn('refund_id').execute();
  await db.schema.alterTable('invoices').dropColumn('corrects_id').execute();
}
