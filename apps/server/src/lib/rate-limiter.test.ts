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
