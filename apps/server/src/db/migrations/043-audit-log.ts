import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * 'Registro attività' (issue 49, point 6), owned by the audit module: one row per change to a
 * store, written in the transaction of the change itself. No route edits or deletes a row; a daily
 * job removes those older than twelve months. `changes` is JSON: [{ field, label, before, after }],
 * never a secret's value.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('session_id', 'text')
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('subject_label', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_entries_store_time_idx').on('audit_entries').columns(['store_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_entries_time_idx').on('audit_entries').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
