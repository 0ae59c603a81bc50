import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { MailQueueRepo, QueuedMail } from './repo.js';
import { groupedRemoval, mailQueueWorker, sendPacer } from './queue-worker.js';

/** A delete that finishes when the test says so, remembering the ids of each statement. */
function manualDeletes() {
  const calls: string[][] = [];
  const finish: Array<(err?: Error) => void> = [];
  const removeAll = (ids: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push([...ids]);
      finish.push((err) => (err ? reject(err) : resolve()));
    });
  return { calls, finish, removeAll };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
/** Whether a promise has settled, without waiting for it. */
function settled(p: Promise<void>) {
  const state = { done: false, failed: false };
  p.then(
    () => (state.done = true),
    () => (state.failed = true),
  );
  return state;
}

describe("sent mails' rows", () => {
  it('are deleted at once when no delete is running, and together when they were sent during one', async () => {
    const d = manualDeletes();
    const remove = groupedRemoval(d.removeAll);
    const first = settled(remove('a'));
    await tick();
    expect(d.calls).toEqual([['a']]);
    const later = ['b', 'c', 'd'].map((id) => settled(remove(id)));
    await tick();
    // Nothing more is sent while the first delete runs.
    expect(d.calls).toEqual([['a']]);
    d.finish[0]!();
    await tick();
    expect(first.done).toBe(true);
    expect(later.some((s) => s.done)).toBe(false);
    expect(d.calls).toEqual([['a'], ['b', 'c', 'd']]);
    d.finish[1]!();
    await tick();
    expect(later.every((s) => s.done)).toBe(true);
  });

  it('never put more than 64 mails in one statement, and lose none', async () => {
    const d = manualDeletes();
    const remove = groupedRemoval(d.removeAll);
    void remove('first');
    await tick();
    const ids = Array.from({ length: 150 }, (_, i) => `m${i}`);
    const all = ids.map((id) => settled(remove(id)));
    for (let i = 0; i < 4; i++) {
      d.finish[i]!();
      await tick();
    }
    expect(d.calls.map((c) => c.length)).toEqual([1, 64, 64, 22]);
    expect(d.calls.slice(1).flat()).toEqual(ids);
    expect(all.every((s) => s.done)).toBe(true);
  });

  it("report a failed delete to that statement's mails only; the next statement still runs", async () => {
    const d = manualDeletes();
    const remove = groupedRemoval(d.removeAll);
    const a = settled(remove('a'));
    await tick();
    const b = settled(remove('b'));
    d.finish[0]!(new Error('database unreachable'));
    await tick();
    expect(a.failed).toBe(true);
    expect(d.calls).toEqual([['a'], ['b']]);
    d.finish[1]!();
    await tick();
    expect(b.done).toBe(true);
  });
});

describe('the send pace', () => {
  it('lets a burst of its rate go at once, then spaces the rest evenly', () => {
    const pace = sendPacer(50);
    const waits = Array.from({ length: 60 }, () => pace(10_000));
    expect(waits.slice(0, 50).every((w) => w === 0)).toBe(true);
    // One every 20 ms after the burst.
    expect(waits.slice(50)).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 20));
  });

  it('gives the burst back after a quiet second, never more', () => {
    const pace = sendPacer(10);
    for (let i = 0; i < 15; i++) pace(0);
    // Booked up to 600 ms ahead; a second after that, ten go at once again.
    const later = Array.from({ length: 11 }, () => pace(1600));
    expect(later.slice(0, 10).every((w) => w === 0)).toBe(true);
    expect(later[10]).toBe(100);
  });

  it('never waits without a rate', () => {
    const pace = sendPacer(0);
    expect(Array.from({ length: 1000 }, () => pace(0)).every((w) => w === 0)).toBe(true);
  });
});

describe('stopping while mails wait for their turn', () => {
  it('does not wait for their turns: they are released at once for the next instance', async () => {
    vi.useFakeTimers();
    try {
      const mails = Array.from({ length: 20 }, (_, i) => ({
        id: `m${i}`,
        to_address: `c${i}@example.it`,
        subject: 'Ordine',
        text: 'Testo',
        html: null,
        attempts: 1,
      }));
      let claimed = false;
      const sent: string[] = [];
      const released: string[] = [];
      // Only what the worker calls: one batch of twenty due mails, then nothing.
      const repo = {
        nextDue: async () => (claimed ? null : new Date(0).toISOString()),
        claim: async () => ((claimed = true), mails as unknown as QueuedMail[]),
        release: async (ids: string[]) => void released.push(...ids),
        remove: async () => undefined,
        retryLater: async () => undefined,
        giveUp: async () => undefined,
      } as unknown as MailQueueRepo;
      const log = { error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
      const worker = mailQueueWorker(repo, async (m) => void sent.push(m.to), log, { perSecond: 1 });
      worker.start();
      await vi.advanceTimersByTimeAsync(1);
      // One a second: the first went at once, the next ones are booked a second apart.
      expect(sent).toEqual(['c0@example.it']);

      let stopped = false;
      void worker.stop().then(() => (stopped = true));
      // Well before the next turn (a second away), stopping is done and the other nineteen are released.
      await vi.advanceTimersByTimeAsync(1);
      expect(stopped).toBe(true);
      expect(sent).toHaveLength(1);
      expect([...released].sort()).toEqual(
        mails
          .slice(1)
          .map((m) => m.id)
          .sort(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a long run of paced mails', () => {
  it('keeps nothing per mail sent: the heap after 22,000 mails is the heap after 2,000', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    vi.useFakeTimers();
    try {
      let sent = 0;
      let queued = 0;
      const repo = {
        nextDue: async () => new Date(0).toISOString(),
        claim: async () =>
          Array.from({ length: 50 }, () => {
            const n = queued++;
            return { id: `m${n}`, to_address: `c${n}@example.it`, subject: 'Ordine', text: 'Testo', html: null, attempts: 1 };
          }) as unknown as QueuedMail[],
        release: async () => undefined,
        remove: async () => undefined,
        retryLater: async () => undefined,
        giveUp: async () => undefined,
      } as unknown as MailQueueRepo;
      const log = { error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
      // A thousand a second: after the first second's burst, every mail waits for its turn.
      const worker = mailQueueWorker(repo, async () => void sent++, log, { perSecond: 1000 });
      const heapAfter = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
        gc();
        return process.memoryUsage().heapUsed;
      };
      worker.start();
      const early = await heapAfter(2_000);
      const earlySent = sent;
      const late = await heapAfter(20_000);
      expect(earlySent).toBeGreaterThan(1_500);
      expect(sent - earlySent).toBeGreaterThan(19_000);
      // A few hundred bytes kept per mail would be several megabytes here.
      expect(late - early).toBeLessThan(1_000_000);
      await worker.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
