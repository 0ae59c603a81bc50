import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/index.js';
import type { WriteScope } from '../../db/write-scope.js';
import { mailOutboxRepo, mailQueueRepo } from './repo.js';
import { mailQueueWorker, sleep, type WorkerOptions } from './queue-worker.js';
import { smtpTransport } from './smtp-transport.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Queues the mail durably and tries it at once, waiting a few seconds at most: it never fails
   * because the mail server does (the queue retries), only when the mail could not be stored.
   */
  send(mail: Mail): Promise<void>;
  /**
   * Queues mails in the caller's scope (its transaction, or the checkout's unit), so they exist iff
   * it commits; call `wake()` after the commit.
   */
  enqueue(scope: WriteScope, mails: Mail[]): Promise<void>;
  /** Mails were just queued on this instance: deliver them now rather than at the next look. */
  wake(): void;
  /** Starts delivering (the app is ready). */
  start(): void;
  /** Stops delivering; sends in flight may finish. */
  close(): Promise<void>;
}

/** How long `send` waits for its first attempt (a mail server that hangs must not hang the request). */
export const SEND_WAIT_MS = 3000;

/**
 * Production transport: every mail goes through the `mail_queue` table and a worker on each
 * instance sends it to SMTP_URL (modules/mail/queue-worker.ts), so an SMTP outage neither fails nor
 * slows an order, and a restart loses nothing. A mail from `send` (links, notices) is tried at once,
 * so it is usually in the mailbox when the request answers, as people expect of "Email inviata".
 */
export function smtpMailer(url: string, from: string, db: Db, dialect: Dialect, log: FastifyBaseLogger, options?: WorkerOptions): Mailer {
  const repo = mailQueueRepo(db, dialect);
  const smtp = smtpTransport(url, from);
  const worker = mailQueueWorker(repo, smtp.deliver, log, options);
  return {
    transport: 'smtp',
    async send(mail) {
      const now = Date.now();
      // Born claimed by this instance: sent right here, retried by any instance if this attempt fails.
      const claim = worker.stopping ? undefined : { worker: worker.worker, untilIso: new Date(now + worker.leaseMs).toISOString() };
      const [row] = await repo.insert(db, [mail], new Date(now).toISOString(), claim);
      if (!claim || !row) return;
      await Promise.race([worker.sendClaimed(row), sleep(SEND_WAIT_MS)]);
    },
    async enqueue(scope, mails) {
      await repo.insert(scope, mails, new Date().toISOString());
    },
    wake: worker.wake,
    start: worker.start,
    async close() {
      await worker.stop();
      await smtp.close();
    },
  };
}

/**
 * Development transport (never in production: the server refuses to start there without SMTP_URL):
 * keeps every mail in the database for /dev/mail. There is no server to be down, so no queue: the
 * row is written at once (with the caller's transaction for an order's mails). The log line names
 * the mail, never its link, because a link in a log is a credential anyone with log access can use.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  const repo = mailOutboxRepo(db);
  async function keep(scope: WriteScope, mails: Mail[]) {
    if (!mails.length) return;
    await repo.keep(scope, mails);
    for (const m of mails) log.info({ subject: m.subject }, 'mail in outbox (no SMTP_URL set): open /dev/mail on this computer');
  }
  return {
    transport: 'outbox',
    send: (mail) => keep(db, [mail]),
    enqueue: keep,
    wake: () => undefined,
    start: () => undefined,
    close: async () => undefined,
  };
}
