import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.js';
import type { Mail } from './mailer.js';
import type { MailQueueRepo, QueuedMail } from './repo.js';
import { MAIL_RETRY, describeSendError, isPermanentRefusal, retryDelayMs } from './retry.js';

export interface WorkerOptions {
  /** Longest sleep when nothing is due here: picks up other instances' mails and expired claims. */
  pollMs?: number;
  /** Mails claimed at once. */
  batchSize?: number;
  /** Mails of a batch sent at the same time (the SMTP pool's connections). */
  concurrency?: number;
  /** How long a claim holds; a dead instance's mails are tried again after it. */
  leaseMs?: number;
  /** How long closing waits for sends in flight. */
  stopWaitMs?: number;
  /** Mails this instance sends per second at most, on average (`sendPacer`); 0: as fast as the SMTP server takes them. */
  perSecond?: number;
}

export const WORKER_DEFAULTS = { pollMs: 2000, batchSize: 50, concurrency: 8, leaseMs: 10 * 60_000, stopWaitMs: 10_000, perSecond: 0 };
// No mail of a batch is started with less than this left of its claim (the SMTP timeouts fit in it).
const SEND_BUDGET_MS = 2 * 60_000;

// Scheduling uses the real clock, not lib/clock: tests that move business time must not delay mail.
const iso = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Spaces sends `1000 / perSecond` ms apart on average; after a quiet spell up to `perSecond` go at
 * once. Each call books the next free turn and returns how long its caller waits for it (0: go now).
 * A burst of orders then queues its mails and the outbox sends them at this pace afterwards,
 * instead of taking the processor from the checkouts while they come in.
 */
export function sendPacer(perSecond: number): (now?: number) => number {
  if (!(perSecond > 0)) return () => 0;
  const interval = 1000 / perSecond;
  const burst = Math.max(1, Math.floor(perSecond));
  let next = -Infinity;
  return (now = Date.now()) => {
    const turn = Math.max(next, now - (burst - 1) * interval);
    next = turn + interval;
    return Math.max(0, turn - now);
  };
}

/**
 * Delivers the queued mails of every instance, a batch at a time. `wake()` runs it at once (a mail
 * was just queued here); otherwise it looks again when the next retry is due, at most `pollMs` later.
 */
export function mailQueueWorker(repo: MailQueueRepo, deliver: (mail: Mail) => Promise<void>, log: FastifyBaseLogger, options: WorkerOptions = {}) {
  const opts = { ...WORKER_DEFAULTS, ...options };
  const worker = newId();
  let started = false;
  let stopping = false;
  // The sends waiting for their turn: stop() ends every wait at once, and their mails are released.
  // Each wait leaves the set when its own timer fires. (Racing each wait against one promise that
  // settles only at stop left a reaction on it per paced mail: a heap that grew with every mail
  // sent, ~3,300 of them after a burst of 10,000 mails, seen in a heap snapshot.)
  const waits = new Set<() => void>();
  const waitTurn = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      waits.add(done);
    });
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const removeSent = groupedRemoval((ids) => repo.remove(ids));
  const pace = sendPacer(opts.perSecond);

  async function sendOne(mail: QueuedMail): Promise<void> {
    try {
      await deliver({ to: mail.to_address, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
    } catch (err) {
      const error = describeSendError(err);
      const now = Date.now();
      if (isPermanentRefusal(err) || mail.attempts >= MAIL_RETRY.maxAttempts) {
        await repo.giveUp(mail.id, worker, iso(now), error);
        log.error({ mailId: mail.id, subject: mail.subject, attempts: mail.attempts, error }, 'mail given up');
      } else {
        const delay = retryDelayMs(mail.attempts);
        await repo.retryLater(mail.id, worker, iso(now + delay), error);
        log.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs: delay, error }, 'mail not sent, will retry');
      }
      return;
    }
    await removeSent(mail.id);
    log.debug({ mailId: mail.id }, 'mail sent');
  }

  /** Sends a claimed batch, `concurrency` at a time; what is left when stopping (or near the claim's end) is released. */
  async function sendBatch(batch: QueuedMail[], leaseEnd: number): Promise<void> {
    const left = [...batch];
    const lane = async () => {
      for (let mail = left.shift(); mail; mail = left.shift()) {
        const wait = pace();
        if (wait > 0 && !stopping) await waitTurn(wait);
        if (stopping || Date.now() + SEND_BUDGET_MS > leaseEnd) {
          left.unshift(mail);
          return;
        }
        await sendOne(mail);
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, lane));
    await repo.release(
      left.map((m) => m.id),
      worker,
    );
  }

  /** Claims and sends due mails until none is left; returns how long to sleep. */
  async function drain(): Promise<number> {
    for (;;) {
      again = false;
      const now = Date.now();
      const due = await repo.nextDue(iso(now));
      if (due === null || Date.parse(due) > now) {
        if (again) continue;
        return due === null ? opts.pollMs : Math.min(opts.pollMs, Date.parse(due) - now);
      }
      const leaseEnd = now + opts.leaseMs;
      const batch = await repo.claim(worker, iso(now), iso(leaseEnd), opts.batchSize);
      // Another instance is claiming the same mails right now: look again shortly.
      if (!batch.length) return 100;
      await sendBatch(batch, leaseEnd);
      if (stopping) return opts.pollMs;
    }
  }

  function run() {
    if (!started || stopping) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((err: unknown) => {
        // The database being briefly unreachable must not stop delivery: the next round tries again.
        log.error({ error: describeSendError(err) }, 'mail queue round failed');
        return opts.pollMs;
      })
      .then((sleepMs) => {
        running = null;
        if (stopping) return;
        if (again) return run();
        timer = setTimeout(run, Math.max(sleepMs, 20));
        timer.unref();
      });
  }

  return {
    worker,
    leaseMs: opts.leaseMs,
    start() {
      if (started) return;
      started = true;
      run();
    },
    wake: run,
    /** Sends a mail this instance queued already claimed (see mailer.ts `send`); failures go back to the queue. */
    sendClaimed(mail: QueuedMail): Promise<void> {
      // Someone is waiting for this one (a reset link, an invitation): it goes now, and takes a turn
      // of the pace so the queue's mails leave room for it.
      pace();
      const attempt = sendOne(mail).catch((err: unknown) => log.error({ mailId: mail.id, error: describeSendError(err) }, 'mail attempt not recorded'));
      inFlight.add(attempt);
      void attempt.finally(() => inFlight.delete(attempt));
      return attempt;
    },
    get stopping() {
      return stopping;
    },
    /** Stops claiming; sends in flight may finish (bounded), the rest of a batch is released. */
    async stop(): Promise<void> {
      stopping = true;
      for (const done of [...waits]) done();
      clearTimeout(timer);
      await Promise.race([Promise.all([running, ...inFlight]), sleep(opts.stopWaitMs)]);
    },
  };
}

/** The most sent mails' rows one statement deletes. */
const REMOVE_AT_ONCE = 64;

/**
 * Deletes the rows of sent mails. When no delete is running, a mail's row is deleted at once; the
 * mails sent while one runs wait for it and then go together in the next statement. Under an
 * order burst the outbox sends mails faster than one statement per mail could delete them: on
 * PostgreSQL each was a round trip of its own, two per order. A mail's promise settles when its
 * row is gone (or the delete failed: the mail is then sent again when its claim ends, as before).
 */
export function groupedRemoval(removeAll: (ids: string[]) => Promise<void>): (id: string) => Promise<void> {
  let open: { ids: string[]; done: Promise<void> } | null = null;
  let previous: Promise<void> = Promise.resolve();
  return (id) => {
    if (open && open.ids.length < REMOVE_AT_ONCE) {
      open.ids.push(id);
      return open.done;
    }
    const batch: { ids: string[]; done: Promise<void> } = { ids: [id], done: Promise.resolve() };
    batch.done = previous.then(() => {
      // From here on the batch is closed: later mails start the next one.
      if (open === batch) open = null;
      return removeAll(batch.ids);
    });
    open = batch;
    previous = batch.done.catch(() => undefined);
    return batch.done;
  };
}

export { sleep };
