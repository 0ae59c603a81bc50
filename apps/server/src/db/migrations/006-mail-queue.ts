import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Orders never wait for mail: every mail is written to `mail_queue` (an order's mails in the
 * order's own transaction) and a background worker on each instance delivers it with retries.
 * - `next_attempt_at`: when the mail may be tried (again); `attempts`: claims so far.
 * - `claimed_by`/`claimed_until`: the instance sending it and until when its claim holds; a claim
 *   left by an instance that died expires and the mail is tried again.
 * - `failed_at`: given up (too many attempts, or the server refused the address for good); the body
 *   is cleared then, `last_error` keeps the reason (an error code, never a message text or a link).
 * A sent mail's row is deleted, so no reset link outlives its delivery here.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['failed_at', 'next_attempt_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('mail_queue').ifExists().execute();
}
