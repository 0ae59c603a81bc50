import { afterEach, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { memoryRateLimiter, redisRateLimiter } from './rate-limiter.js';
import { clock } from './clock.js';

afterEach(() => clock.reset());

it('counts within a window and starts again after it', async () => {
  const rl = memoryRateLimiter();
  expect((await rl.incr('k', 1000)).count).toBe(1);
  expect((await rl.incr('k', 1000)).count).toBe(2);
  expect((await rl.get('k')).count).toBe(2);
  clock.advance(1001);
  expect((await rl.get('k')).count).toBe(0);
  expect((await rl.incr('k', 1000)).count).toBe(1);
  await rl.close();
});

it('gives back a hit, never below zero and never into a window that has ended', async () => {
  const rl = memoryRateLimiter();
  await rl.incr('d', 1000);
  await rl.incr('d', 1000);
  await rl.decr('d');
  expect((await rl.get('d')).count).toBe(1);
  await rl.decr('d');
  await rl.decr('d');
  expect((await rl.get('d')).count).toBe(0);
  expect((await rl.incr('d', 1000)).count).toBe(1);
  clock.advance(1001);
  await rl.decr('d');
  expect((await rl.incr('d', 1000)).count).toBe(1);
  await rl.close();
});

// Redis is optional for a user's machine; CI sets REDIS_TEST_URL so the shared limiter is tested there.
const redisUrl = process.env.REDIS_TEST_URL;
it.runIf(redisUrl)('shares counters through Redis', async () => {
  const a = new Redis(redisUrl!);
  const b = new Redis(redisUrl!);
  const key = `test-${Date.now()}`;
  const rl1 = redisRateLimiter(a, 'vetrina-test:');
  const rl2 = redisRateLimiter(b, 'vetrina-test:');
  await rl1.incr(key, 5000);
  const second = await rl2.incr(key, 5000);
  expect(second.count).toBe(2);
  expect(second.resetMs).toBeGreaterThan(0);
  await rl1.reset(key);
  expect((await rl2.get(key)).count).toBe(0);
  await a.quit();
  await b.quit();
});

it.runIf(redisUrl)('gives back a hit through Redis, keeping the window and never going below zero', async () => {
  const redis = new Redis(redisUrl!);
  const key = `test-decr-${Date.now()}`;
  const rl = redisRateLimiter(redis, 'vetrina-test:');
  await rl.incr(key, 5000);
  await rl.incr(key, 5000);
  await rl.decr(key);
  const after = await rl.get(key);
  expect(after.count).toBe(1);
  expect(after.resetMs).toBeGreaterThan(0);
  await rl.decr(key);
  await rl.decr(key);
  expect((await rl.get(key)).count).toBe(0);
  // A key that does not exist (its window ended) is not created by a give-back.
  await rl.decr(`${key}-gone`);
  expect(await redis.exists(`vetrina-test:${key}-gone`)).toBe(0);
  await rl.reset(key);
  await redis.quit();
});
