import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Safe by default (issue 11).
 * - `auth_users.email_verified_at`: when the account last proved it reads its mailbox (a mailed
 *   link was opened). Accounts that opened a confirmation or reset link before this migration have
 *   a confirmation time later than their creation time; those count as verified. Accounts
 *   confirmed at sign-up without a link (the default) do not.
 * - `stores.owner_id`: the one member who may delete the store, change roles, remove admins and
 *   hand the store over. Existing stores get their earliest admin.
 * - `orders.idempotency_fingerprint`: what the idempotency key was first used for, so the same
 *   key with a different cart is refused instead of answering with the first order.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('auth_users').addColumn('email_verified_at', 'text').execute();
  await sql`update auth_users set email_verified_at = email_confirmed_at
            where email_confirmed_at is not null and email_confirmed_at <> created_at`.execute(db);

  await db.schema
    .alterTable('stores')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update stores set owner_id = (
              select m.user_id from store_members m
              where m.store_id = stores.id and m.role = 'admin'
              order by m.created_at, m.id limit 1)`.execute(db);

  await db.schema.alterTable('orders').addColumn('idempotency_fingerprint', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('idempotency_fingerprint').execute();
  await db.schema.alterTable('stores').dropColumn('owner_id').execute();
  await db.schema.alterTable('auth_users').dropColumn('email_verified_at').execute();
}
