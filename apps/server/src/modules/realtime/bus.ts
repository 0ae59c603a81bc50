import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { RealtimeEvent } from '@vetrina/shared';

/**
 * Topics: `store:{storeId}` (dashboard of a store) and `chat:{storeId}:{userId}` (one visitor's
 * conversation). With Redis every event goes through pub/sub, so a message posted to instance A
 * reaches a browser connected to instance B; without it, an in-process emitter.
 */
export interface EventBus {
  publish(topic: string, event: BusEvent): Promise<void>;
  subscribe(topic: string, handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * Server-internal events on the `control` topic: someone lost access. Every instance hears them
 * and stops serving the affected sockets and cached sessions; no browser ever receives them.
 */
export type AccessEvent =
  | { type: 'access.sessions-revoked'; userId: string; sessionIds: string[] }
  | { type: 'access.member-removed'; storeId: string; userId: string }
  | { type: 'access.store-deleted'; storeId: string }
  /** The owner asked the team for two-step sign-in: one-factor sessions lose the store's channel. */
  | { type: 'access.two-step-required'; storeId: string };

/**
 * On the `cache` topic: a store's catalogue or settings changed ('store-changed'), or only its stock
 * and orders ('stock-changed'). Every instance drops what it keeps of that store
 * (modules/storefront/cache.ts).
 */
export interface CacheEvent {
  type: 'cache.store-changed' | 'cache.stock-changed';
  slug: string;
}

export type BusEvent = RealtimeEvent | AccessEvent | CacheEvent;

export const topics = {
  store: (storeId: string) => `store:${storeId}`,
  chat: (storeId: string, userId: string) => `chat:${storeId}:${userId}`,
  control: 'control',
  cache: 'cache',
};

export const isAccessEvent = (e: BusEvent): e is AccessEvent => e.type.startsWith('access.');
/** Events between instances only: never sent to a browser. */
export const isInternalEvent = (e: BusEvent): e is AccessEvent | CacheEvent => e.type.startsWith('access.') || e.type.startsWith('cache.');

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, event) {
      emitter.emit(topic, event);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const PREFIX = 'vetrina:rt:';

export function redisBus(publisher: Redis): EventBus {
  // A subscribed Redis connection can do nothing else: it gets its own.
  const subscriber = publisher.duplicate();
  // Its connection errors are the publisher's too (logged there): reconnecting is ioredis's job.
  subscriber.on('error', () => undefined);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  subscriber.on('message', (channel: string, raw: string) => {
    try {
      local.emit(channel.slice(PREFIX.length), JSON.parse(raw) as BusEvent);
    } catch {
      // A malformed frame from Redis is dropped, never delivered.
    }
  });
  const publish = coalescedPublisher(publisher);
  return {
    publish: (topic, event) => publish(PREFIX + topic, JSON.stringify(event)),
    subscribe(topic, handler) {
      local.on(topic, handler);
      const n = (counts.get(topic) ?? 0) + 1;
      counts.set(topic, n);
      // Redis unreachable or the bus already closed (sockets closing during shutdown): never crash the process.
      if (n === 1) void subscriber.subscribe(PREFIX + topic).catch(() => undefined);
      return () => {
        local.off(topic, handler);
        const left = (counts.get(topic) ?? 1) - 1;
        if (left <= 0) {
          counts.delete(topic);
          void subscriber.unsubscribe(PREFIX + topic).catch(() => undefined);
        } else counts.set(topic, left);
      };
    },
    async close() {
      local.removeAllListeners();
      await subscriber.quit().catch(() => undefined);
    },
  };
}

/**
 * What one turn of the event loop publishes travels to Redis together: one pipeline, one write.
 * An event published again in the same turn (two orders of one store, each saying its stock
 * changed) is sent once, in the place of its last publication, so the order in which each topic's
 * events arrive still ends on the newest state. Each publication's promise settles with its batch
 * (it rejects when Redis refused or could not be reached). Under a checkout burst every order
 * published three events, each a write of its own; the events are signals ("changed"), so one per
 * turn tells every instance the same.
 */
export function coalescedPublisher(publisher: Pick<Redis, 'pipeline'>): (channel: string, message: string) => Promise<void> {
  let batch: { events: Map<string, [string, string]>; sent: Promise<void> } | null = null;
  const send = async (events: Map<string, [string, string]>) => {
    const pipeline = publisher.pipeline();
    for (const [channel, message] of events.values()) pipeline.publish(channel, message);
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err)?.[0];
    if (failed) throw failed;
  };
  return (channel, message) => {
    if (!batch) {
      const events = new Map<string, [string, string]>();
      batch = { events, sent: new Promise<void>((resolve) => setImmediate(resolve)).then(() => ((batch = null), send(events))) };
    }
    const key = `${channel}\n${message}`;
    batch.events.delete(key);
    batch.events.set(key, [channel, message]);
    return batch.sent;
  };
}
