import type { Redis } from 'ioredis';
import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { isAccessEvent, topics, type EventBus } from '../realtime/bus.js';
import { authRepo } from './repo.js';

/** How long one instance trusts what it last learnt about a session. */
const LOCAL_TTL_MS = 2_000;
/** How long Redis remembers a live session (re-read from the database after). */
const SHARED_LIVE_SEC = 60;
/** A revoked session is remembered longer than any access token it issued can live (15 min). */
const SHARED_REVOKED_SEC = 20 * 60;
const key = (sessionId: string) => `vetrina:session:${sessionId}`;

/**
 * Is the session behind an access token still alive? Access tokens are stateless JWTs, so without
 * this a signed-out device would keep working until its token expired. Each request with a bearer
 * token asks here: a two-second per-instance cache, then Redis (when configured), then the
 * database. A revocation marks the sessions dead in Redis and tells every instance at once through
 * the bus, so a revoked token is refused within a second everywhere and within two seconds at worst.
 */
export function sessionGate(db: Db, redis: Redis | null, bus: EventBus) {
  const local = ttlCache<boolean>({ ttlMs: LOCAL_TTL_MS, maxEntries: 50_000, now: clock.nowMs });
  const repo = authRepo(db);

  const fromDatabase = (sessionId: string) => repo.isSessionLive(sessionId);

  async function lookup(sessionId: string): Promise<boolean> {
    if (!redis) return fromDatabase(sessionId);
    const shared = await redis.get(key(sessionId)).catch(() => null);
    if (shared === '1') return true;
    if (shared === '0') return false;
    const live = await fromDatabase(sessionId);
    await redis.set(key(sessionId), live ? '1' : '0', 'EX', live ? SHARED_LIVE_SEC : SHARED_REVOKED_SEC).catch(() => undefined);
    return live;
  }

  const unsubscribe = bus.subscribe(topics.control, (event) => {
    if (isAccessEvent(event) && event.type === 'access.sessions-revoked') for (const id of event.sessionIds) local.set(id, false);
  });

  return {
    async isLive(sessionId: string): Promise<boolean> {
      const cached = local.get(sessionId);
      if (cached !== undefined) return cached;
      const live = await lookup(sessionId);
      local.set(sessionId, live);
      return live;
    },

    /** Call after the sessions were marked revoked in the database. */
    async revoked(userId: string, sessionIds: string[]): Promise<void> {
      if (!sessionIds.length) return;
      for (const id of sessionIds) local.set(id, false);
      if (redis) {
        const m = redis.multi();
        for (const id of sessionIds) m.set(key(id), '0', 'EX', SHARED_REVOKED_SEC);
        await m.exec().catch(() => undefined);
      }
      // If the bus is down, other instances still learn it within their local cache's two seconds.
      await bus.publish(topics.control, { type: 'access.sessions-revoked', userId, sessionIds }).catch(() => undefined);
    },

    close: () => unsubscribe(),
  };
}
export type SessionGate = ReturnType<typeof sessionGate>;
