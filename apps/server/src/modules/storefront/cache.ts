import type { FastifyBaseLogger } from 'fastify';
import type { TtlCache } from '../../lib/ttl-cache.js';
import { topics, type EventBus } from '../realtime/bus.js';
import type { ListCache } from './list-cache.js';

/**
 * The one home of the storefront caches' invalidation (answers and pages, and the list cache: cards, totals, deep-page starts). Every cached storefront answer and page is
 * keyed by its store's slug first (`{slug}|…`; slugs never change), so a change to one store drops
 * that store's entries and no other tenant's. The change is applied on this instance at once (the
 * writer reads its own write) and announced on the bus: with Redis every instance drops the same
 * entries within a round trip, without waiting for the entries' lifetime.
 */
export function storefrontCacheInvalidation(cache: TtlCache<string | Buffer>, lists: ListCache, bus: EventBus, log: FastifyBaseLogger) {
  const drop = (slug: string) => {
    cache.invalidate(`${slug}|`);
    lists.drop(slug);
  };
  const unsubscribe = bus.subscribe(topics.cache, (event) => {
    if (event.type === 'cache.store-changed' && typeof event.slug === 'string' && event.slug) drop(event.slug);
  });
  return {
    /** The store's public data changed (catalogue, settings, stock, deletion). */
    storeChanged(slug: string) {
      drop(slug);
      bus
        .publish(topics.cache, { type: 'cache.store-changed', slug })
        .catch((err: unknown) => log.warn({ err }, 'cache invalidation not announced to other instances'));
    },
    close: unsubscribe,
  };
}
