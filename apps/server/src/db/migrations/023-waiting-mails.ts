import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * The mails still to send, in the order they are due: a partial index of the rows not given up.
 * The worker's look for the next due mail and its claim read it in order and stop at the first
 * rows they want. The index of migration 006 (given up, then due) led PostgreSQL to read every
 * waiting mail's row for the earliest time; with sent mails' rows deleted as they go, a burst of
 * orders left thousands of dead entries in it, and each look cost tens of milliseconds.
 */
export async function up(db: Db): Promise<void> {
  await sql`create index mail_queue_waiting_idx on mail_queue (next_attempt_at) where failed_at is null`.execute(db);
  await sql`drop index mail_queue_due_idx`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`create index mail_queue_due_idx on mail_queue (failed_at, next_attempt_at)`.execute(db);
  await sql`drop index mail_queue_waiting_idx`.execute(db);
}
