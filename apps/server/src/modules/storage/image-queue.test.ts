import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { ImageWorkQueue, imageQueueMessages, type ImageQueueLimits } from './image-queue.js';

/** Fake image jobs that stay "decoding" until the test finishes or fails them. */
function harness(limits: Partial<ImageQueueLimits> = {}) {
  const queue = new ImageWorkQueue({ concurrency: 2, maxWaitingPerStore: 10, maxWaitingTotal: 100, ...limits });
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const started: string[] = [];
  let running = 0;
  let maxRunning = 0;

  function submit(storeId: string, name: string) {
    let finish!: (value: string) => void;
    let fail!: (err: Error) => void;
    const work = new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    const result = queue.run(storeId, async () => {
      started.push(name);
      running++;
      maxRunning = Math.max(maxRunning, running);
      inFlight.set(storeId, (inFlight.get(storeId) ?? 0) + 1);
      maxInFlight.set(storeId, Math.max(maxInFlight.get(storeId) ?? 0, inFlight.get(storeId)!));
      try {
        return await work;
      } finally {
        running--;
        inFlight.set(storeId, inFlight.get(storeId)! - 1);
      }
    });
    return { result, finish: () => finish(name), fail: (err: Error) => fail(err) };
  }

  return { queue, submit, started, maxInFlight, maxRunning: () => maxRunning };
}

describe('image work queue', () => {
  it('never runs two jobs of one store at once, and runs them in order', async () => {
    const h = harness({ concurrency: 4 });
    const jobs = ['a1', 'a2', 'a3'].map((n) => h.submit('a', n));
    expect(h.started).toEqual(['a1']);
    for (const [i, job] of jobs.entries()) {
      job.finish();
      await expect(job.result).resolves.toBe(`a${i + 1}`);
    }
    expect(h.started).toEqual(['a1', 'a2', 'a3']);
    expect(h.maxInFlight.get('a')).toBe(1);
    expect(h.queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('runs jobs of different stores side by side', () => {
    const h = harness({ concurrency: 2 });
    h.submit('a', 'a1');
    h.submit('b', 'b1');
    expect(h.started).toEqual(['a1', 'b1']);
    expect(h.maxRunning()).toBe(2);
  });

  it('holds the global bound and starts the oldest waiting job of an idle store first', async () => {
    const h = harness({ concurrency: 2 });
    const a1 = h.submit('a', 'a1');
    h.submit('b', 'b1');
    h.submit('a', 'a2');
    h.submit('c', 'c1');
    h.submit('d', 'd1');
    expect(h.started).toEqual(['a1', 'b1']);
    expect(h.queue.stats()).toEqual({ running: 2, waiting: 3 });

    a1.finish();
    await a1.result;
    // a2 was queued before c1 and its store is idle again: it goes first; one slot only.
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
    expect(h.maxRunning()).toBe(2);
  });

  it('lets a waiting store overtake one whose job is still running', async () => {
    const h = harness({ concurrency: 2 });
    h.submit('a', 'a1');
    const b1 = h.submit('b', 'b1');
    h.submit('a', 'a2');
    h.submit('c', 'c1');
    b1.finish();
    await b1.result;
    // a2 is older but store a is busy: c1 takes the free slot.
    expect(h.started).toEqual(['a1', 'b1', 'c1']);
  });

  it('frees the slot of a failed job', async () => {
    const h = harness({ concurrency: 1 });
    const a1 = h.submit('a', 'a1');
    const a2 = h.submit('a', 'a2');
    const b1 = h.submit('b', 'b1');
    a1.fail(new Error('immagine rotta'));
    await expect(a1.result).rejects.toThrow('immagine rotta');
    expect(h.started).toEqual(['a1', 'a2']);
    a2.finish();
    await a2.result;
    expect(h.started).toEqual(['a1', 'a2', 'b1']);
    b1.finish();
    await expect(b1.result).resolves.toBe('b1');
    expect(h.queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that throws before its first await', async () => {
    const queue = new ImageWorkQueue({ concurrency: 1, maxWaitingPerStore: 1, maxWaitingTotal: 10 });
    await expect(
      queue.run('a', () => {
        throw new Error('subito');
      }),
    ).rejects.toThrow('subito');
    await expect(queue.run('a', async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses a store with too many jobs waiting with 429, other stores are still served', async () => {
    const h = harness({ concurrency: 1, maxWaitingPerStore: 2 });
    const a1 = h.submit('a', 'a1');
    h.submit('a', 'a2');
    h.submit('a', 'a3');
    const refused = h.queue.run('a', async () => 'a4');
    const err = await refused.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', message: 'Troppe immagini in elaborazione per questo store: riprova tra qualche secondo.' });
    expect((err as AppError).extra.retryAfter).toBeGreaterThan(0);
    expect(h.started).not.toContain('a4');

    h.submit('b', 'b1');
    expect(h.queue.stats()).toEqual({ running: 1, waiting: 3 });
    // Once a2 leaves the waiting line, store a may queue one more again.
    a1.finish();
    await a1.result;
    void h.queue.run('a', async () => 'a5');
    expect(h.queue.stats()).toEqual({ running: 1, waiting: 3 });
    expect(h.started).toEqual(['a1', 'a2']);
  });

  it('refuses everyone with 429 when the whole queue is full', async () => {
    const h = harness({ concurrency: 1, maxWaitingPerStore: 5, maxWaitingTotal: 2 });
    h.submit('a', 'a1');
    h.submit('b', 'b1');
    h.submit('c', 'c1');
    const err = await h.queue.run('d', async () => 'd1').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, message: imageQueueMessages.serverBusy });
  });
});
