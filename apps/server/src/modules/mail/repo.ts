import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { MailQueueTable } from '../../db/schema.js';
import { inList, preparedInsert } from '../../db/prepared.js';
import { executorOf, writeIn, type WriteScope } from '../../db/write-scope.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Mail } from './mailer.js';

export type QueuedMail = Selectable<MailQueueTable>;

const insertMail = preparedInsert('mail_queue', [
  'id',
  'to_address',
  'subject',
  'text',
  'html',
  'created_at',
  'attempts',
  'next_attempt_at',
  'claimed_by',
  'claimed_until',
  'failed_at',
  'last_error',
]);

/**
 * The SQL of the mail queue (migrations 006, 023). Times are ISO strings of the real clock.
 * The worker's statements are built and planned at each run, never kept as PostgreSQL named
 * statements (db/pg-statements.ts): the queue is empty at start and may hold thousands of rows
 * (and, between vacuums, dead ones) an outage later, and a plan kept from an empty table read the
 * whole table for each delete (measured: ~500 pages per sent mail after a burst of orders).
 */
export function mailQueueRepo(db: Db, dialect: Dialect) {
  return {
    /**
     * Writes mails in the given scope (a transaction, or the checkout's batch: they exist iff it
     * commits). `claim`: the rows are born claimed by this instance, which sends them at once (no
     * other instance races it).
     */
    async insert(scope: WriteScope, mails: Mail[], nowIso: string, claim?: { worker: string; untilIso: string }): Promise<QueuedMail[]> {
      if (!mails.length) return [];
      const rows = mails.map((m) => ({
        id: newId(),
        to_address: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        created_at: nowIso,
        attempts: claim ? 1 : 0,
        next_attempt_at: nowIso,
        claimed_by: claim?.worker ?? null,
        claimed_until: claim?.untilIso ?? null,
        failed_at: null,
        last_error: null,
      }));
      // Compiled once, every row in one statement: orders queue their mails on the checkout's hot path.
      await writeIn(scope, insertMail.compile(executorOf(scope), rows));
      return rows;
    },

    /** The earliest time a mail nobody holds may be tried, or null when none waits. */
    async nextDue(nowIso: string): Promise<string | null> {
      // In the order of the waiting mails' index (migration 023): the scan stops at the first mail
      // nobody holds, passing only the mails being sent.
      const row = await db
        .selectFrom('mail_queue')
        .select('next_attempt_at')
        .where('failed_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
        .orderBy('next_attempt_at')
        .limit(1)
        .executeTakeFirst();
      return row?.next_attempt_at ?? null;
    },

    /**
     * Claims up to `limit` due mails for `worker` until `untilIso`, in one statement: on PostgreSQL
     * rows another instance is claiming are skipped (SKIP LOCKED), and a row claimed meanwhile no
     * longer matches; SQLite runs one writer at a time. Each claim counts as an attempt, so a mail
     * that crashes its sender cannot be retried forever.
     */
    claim(worker: string, nowIso: string, untilIso: string, limit: number): Promise<QueuedMail[]> {
      return db
        .updateTable('mail_queue')
        .set((eb) => ({ claimed_by: worker, claimed_until: untilIso, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_queue')
            .select('id')
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', nowIso)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', nowIso)]))
            .orderBy('next_attempt_at')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
        .returningAll()
        .execute();
    },

    /** Sent: the rows go, bodies and links with them (any number of mails, one statement). */
    async remove(ids: readonly string[]): Promise<void> {
      if (ids.length)
        await db
          .deleteFrom('mail_queue')
          .where(inList(db, 'id', ids))
          .execute();
    },

    async retryLater(id: string, worker: string, atIso: string, error: string): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({ next_attempt_at: atIso, claimed_by: null, claimed_until: null, last_error: error })
        .where('id', '=', id)
        .where('claimed_by', '=', worker)
        .execute();
    },

    /** Given up: the body (which may hold a link) is cleared; address, subject and reason stay for the operator. */
    async giveUp(id: string, worker: string, nowIso: string, error: string): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({ failed_at: nowIso, text: '', html: null, claimed_by: null, claimed_until: null, last_error: error })
        .where('id', '=', id)
        .where('claimed_by', '=', worker)
        .execute();
    },

    /** Claimed but not tried (the instance is stopping): free for any instance at once, attempt not counted. */
    async release(ids: string[], worker: string): Promise<void> {
      if (!ids.length) return;
      await db
        .updateTable('mail_queue')
        .set((eb) => ({ claimed_by: null, claimed_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids)
        .where('claimed_by', '=', worker)
        .execute();
    },
  };
}

export type MailQueueRepo = ReturnType<typeof mailQueueRepo>;

/** The development outbox (no SMTP_URL): every mail kept in the database for /dev/mail. */
export function mailOutboxRepo(db: Db) {
  return {
    /** Keeps the mails at once with the scope's executor (a transaction: they exist iff it commits). */
    keep: (scope: WriteScope, mails: Mail[]) =>
      executorOf(scope)
        .insertInto('outbox_mails')
        .values(mails.map((m) => ({ id: newId(), to_address: m.to, subject: m.subject, text: m.text, html: m.html ?? null, created_at: clock.iso() })))
        .execute(),

    /** The newest kept mails first. */
    latest: (limit: number) => db.selectFrom('outbox_mails').selectAll().orderBy('created_at', 'desc').limit(limit).execute(),
  };
}
