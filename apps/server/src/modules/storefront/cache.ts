import type { FastifyBaseLogger } from 'fastify';
import type { TtlCache } from '../../lib/ttl-cache.js';
import { topics, type CacheEvent, type EventBus } from '../realtime/bus.js';
import type { ListCache } from './list-cache.js';

/**
 * The one home of the storefront caches' invalidation (answers and pages, the list cache: cards, totals, deep-page starts, and the checkout's kept settings). Every cached storefront answer and page is
 * keyed by its store's slug first (`{slug}|…`; slugs never change), so a change to one store drops
 * that store's entries and no other tenant's. The change is applied on this instance at once (the
 * writer reads its own write) and announced on the bus: with Redis every instance drops the same
 * entries within a round trip, without waiting for the entries' lifetime.
 */
export function storefrontCacheInvalidation(cache: TtlCache<string | Buffer>, lists: ListCache, settings: ListCache, bus: EventBus, log: FastifyBaseLogger) {
  const dropStock = (slug: string) => {
    cache.invalidate(`${slug}|`);
    lists.drop(slug);
  };
  const dropAll = (slug: string) => {
    dropStock(slug);
    settings.drop(slug);
  };
  const unsubscribe = bus.subscribe(topics.cache, (event) => {
    if (event.type !== 'cache.store-changed' && event.type !== 'cache.stock-changed') return;
    if (typeof event.slug !== 'string' || !event.slug) return;
    if (event.type === 'cache.store-changed') dropAll(event.slug);
    else dropStock(event.slug);
  });
  const announce = (type: CacheEvent['type'], slug: string) =>
    bus.publish(topics.cache, { type, slug }).catch((err: unknown) => log.warn({ err }, 'cache invalidation not announced to other instances'));
  return {
    /** The store's data changed (catalogue, settings, team, deletion): everything kept for it goes. */
    storeChanged(slug: string) {
      dropAll(slug);
      announce('cache.store-changed', slug);
    },
    /**
     * Only stock and orders changed (a checkout, a payment, an expiry): the storefront's answers and
     * lists go, the store's checkout settings (`storeSettings`) stay.
     */
    stockChanged(slug: string) {
      dropStock(slug);
      announce('cache.stock-changed', slug);
    },
    close: unsubscribe,
  };
}
