import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { topics, type EventBus } from './bus.js';

const TTL_SEC = 45;
const HEARTBEAT_MS = 15_000;

/**
 * How many visitors have a store's storefront open right now, across all instances: each instance
 * keeps its own count per store in Redis under a key that expires unless refreshed, so a crashed
 * instance's visitors drop out by themselves.
 */
export function presenceTracker(bus: EventBus, redis: Redis | null) {
  const instanceId = randomUUID();
  const local = new Map<string, number>();
  const key = (storeId: string, id: string) => `vetrina:presence:${storeId}:${id}`;
  const setKey = (storeId: string) => `vetrina:presence-instances:${storeId}`;

  async function total(storeId: string): Promise<number> {
    if (!redis) return local.get(storeId) ?? 0;
    const ids = await redis.smembers(setKey(storeId));
    if (!ids.length) return 0;
    const values = await redis.mget(ids.map((id) => key(storeId, id)));
    const stale = ids.filter((_, i) => values[i] === null);
    if (stale.length) await redis.srem(setKey(storeId), ...stale);
    return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
  }

  async function write(storeId: string) {
    if (!redis) return;
    const n = local.get(storeId) ?? 0;
    await redis.multi().set(key(storeId, instanceId), n, 'EX', TTL_SEC).sadd(setKey(storeId), instanceId).expire(setKey(storeId), 24 * 3600).exec();
  }

  async function changed(storeId: string) {
    await write(storeId);
    await bus.publish(topics.store(storeId), { type: 'presence', storeId, online: await total(storeId) });
  }

  const heartbeat = setInterval(() => {
    for (const storeId of local.keys()) void write(storeId).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    total,
    async join(storeId: string) {
      local.set(storeId, (local.get(storeId) ?? 0) + 1);
      await changed(storeId);
    },
    async leave(storeId: string) {
      const n = (local.get(storeId) ?? 1) - 1;
      if (n <= 0) local.delete(storeId);
      else local.set(storeId, n);
      await changed(storeId);
      if (n <= 0 && redis) await redis.del(key(storeId, instanceId));
    },
    async close() {
      clearInterval(heartbeat);
      if (redis) for (const storeId of local.keys()) await redis.del(key(storeId, instanceId)).catch(() => undefined);
    },
  };
}
export type PresenceTracker = ReturnType<typeof presenceTracker>;
