import { afterEach, describe, expect, it, vi } from 'vitest';
import { concurrencyLimit, turns } from './limit.js';

it('runs at most n jobs at once, starts the others in arrival order, and frees the slot of a job that fails', async () => {
  const run = concurrencyLimit(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const job = (i: number) => async () => {
    started.push(i);
    running++;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    running--;
    if (i === 1) throw new Error('boom');
    return i;
  };
  const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => run(job(i))));
  expect(most).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  expect(await run(async () => 'next')).toBe('next');
});

describe('turns', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the event loop a turn only once the steps since the last one have held it for the time given', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const yieldIfLong = turns(10);
    const order: string[] = [];
    setImmediate(() => order.push('another request'));
    vi.advanceTimersByTime(9);
    await yieldIfLong();
    order.push('step 1');
    vi.advanceTimersByTime(1);
    await yieldIfLong();
    order.push('step 2');
    setImmediate(() => order.push('a later request'));
    await yieldIfLong();
    order.push('step 3');
    expect(order).toEqual(['step 1', 'another request', 'step 2', 'step 3']);
  });
});
