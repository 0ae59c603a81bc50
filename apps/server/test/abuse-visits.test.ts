import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { visitorCleanupJob } from '../src/modules/jobs/registry.js';
import { VISITORS_PER_ADDRESS } from '../src/modules/stats/visits.js';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { signIn } from './team-helpers.js';

const HOUR = 3_600_000;
let server: TestServer;

beforeAll(async () => {
  // TRUST_PROXY: each beacon says which address it comes from through X-Forwarded-For.
  server = await startServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

async function newStore(name: string) {
  const owner = await createUser(server);
  const store = await createStoreFor(server, owner.id, name);
  return { ...store, owner: owner.client, email: owner.email };
}

const browser = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.${n}.1 Safari/537.36`;

function visit(slug: string, ip: string, userAgent: string) {
  return client(server.url).post(`/api/public/stores/${slug}/visit`, undefined, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });
}

const visitsToday = async (s: { id: string; owner: ReturnType<typeof client> }) => {
  const home = await s.owner.get(`/api/stores/${s.id}/stats?period=today`);
  expect(home.status).toBe(200);
  return home.body.stats.totals.visits as number;
};

describe(`'Visite' cannot be inflated by changing the user agent (${engine})`, () => {
  it('counts 50 page loads from one address with 50 user agents as at most 3 visitors; another address counts apart', async () => {
    const s = await newStore('Negozio Contato');
    const loads = await Promise.all(Array.from({ length: 50 }, (_, i) => visit(s.slug, '198.51.100.7', browser(i))));
    // A beacon never tells the sender whether it counted.
    expect(loads.every((r) => r.status === 204)).toBe(true);
    expect(VISITORS_PER_ADDRESS).toBe(3);
    expect(await visitsToday(s)).toBe(3);

    // A second shopper, and the first one again: one more visitor.
    expect((await visit(s.slug, '203.0.113.20', browser(0))).status).toBe(204);
    expect((await visit(s.slug, '198.51.100.7', browser(0))).status).toBe(204);
    expect(await visitsToday(s)).toBe(4);

    // The cap is per store: the same address on another store counts there.
    const other = await newStore('Altro Negozio');
    await visit(other.slug, '198.51.100.7', browser(99));
    expect(await visitsToday(other)).toBe(1);
    expect(await visitsToday(s)).toBe(4);

    // Nothing stored says who came: no address, no user agent.
    const { db } = server.ctx;
    const stored = JSON.stringify([
      await db.selectFrom('store_visitors').selectAll().where('store_id', '=', s.id).execute(),
      await db.selectFrom('store_visitor_addresses').selectAll().where('store_id', '=', s.id).execute(),
    ]);
    for (const personal of ['198.51.100', '203.0.113', 'Mozilla', 'Chrome']) expect(stored).not.toContain(personal);
    const addresses = await db.selectFrom('store_visitor_addresses').select('visitors').where('store_id', '=', s.id).execute();
    expect(addresses.map((a) => a.visitors).sort()).toEqual([1, 3]);
  });

  it('treats the addresses of one IPv6 /64 as one network', async () => {
    const s = await newStore('Negozio IPv6');
    // One home's /64, a new address and a new user agent on every load, written in several ways.
    const home = ['2001:db8:aa:1::1', '2001:db8:aa:1::2', '2001:0db8:00aa:0001:ffff::9', '2001:db8:aa:1:1:2:3:4', '2001:DB8:AA:1::beef'];
    for (const [i, ip] of [...home, ...home].entries()) expect((await visit(s.slug, ip, browser(i))).status).toBe(204);
    expect(await visitsToday(s)).toBe(3);
    // The next /64 is someone else.
    await visit(s.slug, '2001:db8:aa:2::1', browser(0));
    // An IPv4 client seen through an IPv6 socket is the IPv4 address.
    await visit(s.slug, '::ffff:192.0.2.44', browser(0));
    await visit(s.slug, '192.0.2.44', browser(1));
    expect(await visitsToday(s)).toBe(6);
  });

  it('forgets the address counts with the salt the next day, and the cap starts again', async () => {
    const s = await newStore('Negozio di Domani');
    for (let i = 0; i < 10; i++) await visit(s.slug, '198.51.100.99', browser(i));
    expect(await visitsToday(s)).toBe(3);
    clock.advance(25 * HOUR);
    expect(await visitorCleanupJob(server.ctx).runOnce()).toBeGreaterThanOrEqual(3);
    const { db } = server.ctx;
    expect(await db.selectFrom('store_visitor_addresses').selectAll().where('store_id', '=', s.id).execute()).toEqual([]);
    // The access token did not live through the day either.
    s.owner = await signIn(server, s.email);
    for (let i = 0; i < 10; i++) await visit(s.slug, '198.51.100.99', browser(i));
    expect(await visitsToday(s)).toBe(3);
    const week = await s.owner.get(`/api/stores/${s.id}/stats?period=7d`);
    expect(week.body.stats.totals.visits).toBe(6);
  });
});
