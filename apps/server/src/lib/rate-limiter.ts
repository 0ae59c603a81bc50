import type { Redis } from 'ioredis';
import { clock } from './clock.js';

export interface Counter {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Fixed-window counters keyed by string: shared through Redis when configured, else per process. */
export interface RateLimiter {
  get(key: string): Promise<Counter>;
  incr(key: string, windowMs: number): Promise<Counter>;
  /** Gives back one hit taken by incr (an attempt that ended up not counting); never below zero. */
  decr(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.until <= clock.nowMs()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = setInterval(() => {
    for (const k of windows.keys()) live(k);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      const w = live(key);
      return w ? { count: w.count, resetMs: w.until - clock.nowMs() } : { count: 0, resetMs: 0 };
    },
    async incr(key, windowMs) {
      const w = live(key) ?? { count: 0, until: clock.nowMs() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetMs: w.until - clock.nowMs() };
    },
    async decr(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** DECR only a live, positive counter: a key whose window ended must not come back without a TTL. */
const DECR_IF_POSITIVE = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'vetrina:rl:'): RateLimiter {
  return {
    async get(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((r) => [r?.[0]?.[1], r?.[1]?.[1]]);
      return { count: Number(count ?? 0), resetMs: Math.max(0, Number(ttl ?? 0)) };
    },
    async incr(key, windowMs) {
      const res = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      return { count: Number(res?.[0]?.[1] ?? 1), resetMs: Math.max(0, Number(res?.[2]?.[1] ?? windowMs)) };
    },
    async decr(key) {
      await redis.eval(DECR_IF_POSITIVE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}

export interface Slot {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Takes one unit from each counter, in order, before the attempt does anything: increments are
 * atomic (Redis INCR, or the single-threaded in-process map), so however many requests arrive at
 * once, no more than `max` get past a counter. Over a limit, it gives back what it took and throws
 * `refuse(resetMs, slot)`; otherwise it returns the give-back, for an attempt that ends up not counting.
 */
export async function takeSlots<S extends Slot>(limiter: RateLimiter, slots: S[], refuse: (resetMs: number, slot: S) => Error): Promise<() => Promise<void>> {
  const taken: string[] = [];
  const giveBack = async () => {
    await Promise.all(taken.splice(0).map((k) => limiter.decr(k)));
  };
  for (const slot of slots) {
    const hit = await limiter.incr(slot.key, slot.windowMs);
    taken.push(slot.key);
    if (hit.count > slot.max) {
      await giveBack();
      throw refuse(hit.resetMs, slot);
    }
  }
  return giveBack;
}
