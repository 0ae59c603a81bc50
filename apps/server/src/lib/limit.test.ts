import { expect, it } from 'vitest';
import { concurrencyLimit } from './limit.js';

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
