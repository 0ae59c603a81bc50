import { createHash, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { romeDay } from '@vetrina/shared/stats';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { storeBySlug } from '../tenancy/service.js';
import { statsRepo } from './repo.js';

/** Crawlers and link checkers say so in their user agent; a request without one is not a browser. */
const NOT_A_VISITOR = /bot|crawl|spider|slurp/i;
/** Beacons per store, address and minute beyond which a visit is simply not counted (no error: it is a beacon). */
const BEACONS_PER_MINUTE = 120;
/**
 * Visitors one address may add to a store per day: a family's or an office's few browsers behind
 * one router still count, a script changing its user agent on every page load adds at most this.
 */
export const VISITORS_PER_ADDRESS = 3;

/**
 * The network a visitor is on: the IPv4 address, or the first 64 bits of an IPv6 one (a home or a
 * phone gets a whole /64 and may pick any address in it, so its addresses are one network).
 */
export function networkOf(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const isCountedAgent = (ua: string | undefined): ua is string => Boolean(ua && ua.trim()) && !NOT_A_VISITOR.test(ua!);

/**
 * Unique storefront visitors per day without cookies and without keeping anything personal: the
 * visitor is `sha256(day's random salt, IP, user agent, store)`, as privacy-first analytics count
 * them, kept only to count them once today, and one network address adds at most
 * VISITORS_PER_ADDRESS of them (counted under `sha256(salt, network, store)`). The salt and the
 * hashes are deleted the next day, after which no hash can be linked to anyone
 * (docs/decisions/0038-visits.md).
 */
export function visitsService(ctx: AppContext) {
  const salts = new Map<string, Promise<string>>();

  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      // Only today's salt is worth remembering.
      salts.clear();
      salt = statsRepo.saltOf(ctx.db, day, randomBytes(32).toString('base64url'));
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  }

  return {
    /** Counts a page load of the store's storefront; false when it was not counted (a bot, a repeat, an unknown store). */
    async record(slug: string, ip: string, userAgent: string | undefined): Promise<boolean> {
      if (!isCountedAgent(userAgent)) return false;
      const store = await storeBySlug(ctx.db, slug);
      if (!store) return false;
      const hit = await ctx.limiter.incr(`visit:${store.id}:${networkOf(ip)}`, 60_000);
      if (hit.count > BEACONS_PER_MINUTE) return false;
      const day = romeDay(clock.now());
      const salt = await saltOf(day);
      const hash = createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${store.id}`).digest('base64url');
      const addressHash = createHash('sha256')
        .update(`${salt}\nnetwork\n${networkOf(ip)}\n${store.id}`)
        .digest('base64url');
      return statsRepo.countVisitor(ctx.db, { storeId: store.id, day, hash, addressHash, perAddress: VISITORS_PER_ADDRESS });
    },
  };
}

/** The 'visitor-cleanup' job (modules/jobs/registry.ts): deletes the hashes and salts of past days. */
export const forgetPastVisitors = (ctx: AppContext): Promise<number> => statsRepo.forgetVisitorsBefore(ctx.db, romeDay(clock.now()));
