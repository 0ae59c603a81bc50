import { createHmac, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { topics, type EventBus } from './bus.js';

const TTL_MS = 45_000;
const HEARTBEAT_MS = 15_000;

/**
 * Who counts as one visitor: the signed-in user (on every device), else the browser's own random id
 * together with the address (so one client cannot count for more than the per-address cap), else
 * the socket. Hashed with the server secret, the same on every instance: nothing readable about
 * the visitor is kept, in Redis or in memory.
 */
export function visitorKey(secret: string, who: { userId: string } | { ip: string; visitorId: string | undefined; socketId: string }): string {
  const id = 'userId' in who ? `user|${who.userId}` : who.visitorId ? `visitor|${who.ip}|${who.visitorId}` : `socket|${who.socketId}`;
  return createHmac('sha256', secret).update(`presence|${id}`).digest('base64url').slice(0, 22);
}

/**
 * How many distinct visitors have a store's storefront open right now, across all instances.
 * A visitor is an opaque key (visitorKey above): five tabs of one visitor count once.
 * Each instance counts its own sockets per visitor; with Redis, a sorted set per store holds
 * `{instance}|{visitor}` members scored with their expiry, refreshed by a heartbeat, so a crashed
 * instance's visitors drop out by themselves and a visitor open on two instances counts once.
 * Scores use the wall clock on purpose (not lib/clock, which tests move): they pace real timers.
 */
export function presenceTracker(bus: EventBus, redis: Redis | null) {
  const instanceId = randomUUID();
  /** storeId → visitor → open storefront subscriptions on this instance. */
  const local = new Map<string, Map<string, number>>();
  const key = (storeId: string) => `vetrina:presence:${storeId}`;
  const member = (visitor: string) => `${instanceId}|${visitor}`;

  async function total(storeId: string): Promise<number> {
    if (!redis) return local.get(storeId)?.size ?? 0;
    const [, members] = (await redis.multi().zremrangebyscore(key(storeId), '-inf', Date.now()).zrange(key(storeId), 0, -1).exec()) ?? [];
    const names = (members?.[1] as string[] | undefined) ?? [];
    return new Set(names.map((m) => m.slice(m.indexOf('|') + 1))).size;
  }

  async function announce(storeId: string) {
    await bus.publish(topics.store(storeId), { type: 'presence', storeId, online: await total(storeId) });
  }

  /** Keeps this instance's visitors alive in Redis (they expire TTL_MS after the last write). */
  function heartbeatWrite() {
    if (!redis || !local.size) return Promise.resolve();
    const m = redis.multi();
    const expires = Date.now() + TTL_MS;
    for (const [storeId, visitors] of local) {
      m.zadd(key(storeId), ...[...visitors.keys()].flatMap((v) => [expires, member(v)]));
      m.pexpire(key(storeId), TTL_MS * 2);
    }
    return m.exec();
  }

  const heartbeat = setInterval(() => void heartbeatWrite().catch(() => undefined), HEARTBEAT_MS);
  heartbeat.unref();

  return {
    total,
    /** One more storefront subscription of this visitor; the Redis write is issued before any await, so a quick leave follows it. */
    async join(storeId: string, visitor: string) {
      const visitors = local.get(storeId) ?? new Map<string, number>();
      local.set(storeId, visitors);
      const n = (visitors.get(visitor) ?? 0) + 1;
      visitors.set(visitor, n);
      if (n > 1) return;
      if (redis)
        await redis
          .multi()
          .zadd(key(storeId), Date.now() + TTL_MS, member(visitor))
          .pexpire(key(storeId), TTL_MS * 2)
          .exec();
      await announce(storeId);
    },
    async leave(storeId: string, visitor: string) {
      const visitors = local.get(storeId);
      const n = (visitors?.get(visitor) ?? 0) - 1;
      if (!visitors || n < 0) return;
      if (n > 0) {
        visitors.set(visitor, n);
        return;
      }
      visitors.delete(visitor);
      if (!visitors.size) local.delete(storeId);
      if (redis) await redis.zrem(key(storeId), member(visitor));
      await announce(storeId);
    },
    async close() {
      clearInterval(heartbeat);
      if (!redis) return;
      const m = redis.multi();
      for (const [storeId, visitors] of local) if (visitors.size) m.zrem(key(storeId), ...[...visitors.keys()].map(member));
      local.clear();
      await m.exec().catch(() => undefined);
    },
  };
}
export type PresenceTracker = ReturnType<typeof presenceTracker>;
