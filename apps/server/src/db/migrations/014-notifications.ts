import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Notifications (docs/decisions/0024-notifications.md):
 * - `users.notify_order_mail`, `users.notify_message_mail`: the member's own choice of notice mails
 *   (1: wanted, the default), for every store where they are an admin.
 * - `notifications`: the bell, one row per member per event (a new order, a contact or chat
 *   message), written in the event's own transaction. It hangs off the membership: a member who
 *   leaves the team, or a deleted store, takes its rows along.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify_order_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_message_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addForeignKeyConstraint('notifications_member_fk', ['store_id', 'user_id'], 'store_members', ['store_id', 'user_id'], (fk) => fk.onDelete('cascade'))
    .execute();
  // The bell: one member's newest in one store.
  await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['user_id', 'store_id', 'created_at']).execute();
  // Pruning a store's old rows.
  await db.schema.createIndex('notifications_store_time_idx').on('notifications').columns(['store_id', 'created_at']).execute();
  // Unread ones, for the badge (both engines support partial indexes).
  await sql`create index notifications_unread_idx on notifications (user_id, store_id) where read_at is null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('notify_message_mail').execute();
  await db.schema.alterTable('users').dropColumn('notify_order_mail').execute();
}
