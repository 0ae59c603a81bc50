import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, ServerFrame } from '@vetrina/shared';
import { createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { connectRealtime, type RealtimeClient } from './ws-client.js';

// TRUST_PROXY=1: each test socket says which address it comes from through X-Forwarded-For.
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const redisUrl = process.env.REDIS_TEST_URL;
const backends: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'in-process', env: {} },
  ...(redisUrl ? [{ name: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
];

async function watchStorefront(ws: RealtimeClient, slug: string, visitorId?: string): Promise<ServerFrame> {
  const channel: RealtimeChannel = { kind: 'storefront', slug };
  const answer = ws.next((f) => f.type === 'subscribed' || (f.type === 'error' && f.channel?.kind === 'storefront'));
  ws.send(visitorId ? { type: 'subscribe', channel, visitorId } : { type: 'subscribe', channel });
  return answer;
}

/** Polls until the value is reached (closing a socket reaches the server a moment later), then asserts it. */
async function eventually(read: () => Promise<number>, expected: number) {
  for (let i = 0; i < 40 && (await read()) !== expected; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await read()).toBe(expected);
}

describe.each(backends)(`the storefront's Online counter ($name, ${engine})`, ({ env }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1', ...env });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts visitors, not tabs: three tabs of one visitor count once, two visitors twice', async () => {
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Negozio Affollato');
    const online = async () => (await owner.client.get<{ online: number }>(`/api/stores/${store.id}/presence`)).body.online;
    const dashboard = await connectRealtime(server.url);
    await dashboard.auth(owner.session.accessToken);
    dashboard.send({ type: 'subscribe', channel: { kind: 'store', storeId: store.id } });
    await dashboard.waitFor((f) => f.type === 'subscribed');

    const tabs = await Promise.all([1, 2, 3].map(() => connectRealtime(server.url, from('203.0.113.10'))));
    for (const tab of tabs) expect(await watchStorefront(tab, store.slug, 'visitatore-uno-0000001')).toMatchObject({ type: 'subscribed' });
    expect(await online()).toBe(1);

    const second = await connectRealtime(server.url, from('203.0.113.11'));
    const shown = dashboard.next((f) => f.type === 'event' && f.event.type === 'presence' && f.event.online === 2);
    await watchStorefront(second, store.slug, 'visitatore-due-0000002');
    await shown;
    expect(await online()).toBe(2);

    // A signed-in shopper is one visitor on every tab, whatever the browser sends.
    const shopper = await createUser(server);
    const shopperTabs = await Promise.all(['203.0.113.12', '203.0.113.13'].map((ip) => connectRealtime(server.url, from(ip))));
    for (const [i, tab] of shopperTabs.entries()) {
      await tab.auth(shopper.session.accessToken);
      await watchStorefront(tab, store.slug, `cliente-scheda-00000${i}`);
    }
    expect(await online()).toBe(3);

    tabs[0]!.close();
    tabs[1]!.close();
    await Promise.all([tabs[0]!.closed, tabs[1]!.closed]);
    // Two of the first visitor's three tabs are closed: they still count, next to the second visitor.
    shopperTabs[0]!.close();
    shopperTabs[1]!.close();
    await eventually(online, 2);
    tabs[2]!.close();
    await eventually(online, 1);
    second.close();
    await eventually(online, 0);
    dashboard.close();
  });

  it('caps the anonymous sockets of one address; a socket beyond is closed with a policy code', async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, () => connectRealtime(server.url, from('198.51.100.7'))));
    expect(crowd.every((ws) => ws.frames[0]?.type === 'ready')).toBe(true);
    const refused = await connectRealtime(server.url, from('198.51.100.7'));
    expect(refused.frames[0]).toMatchObject({ type: 'error', code: 'too_many_connections', message: 'Troppe connessioni da questo indirizzo' });
    expect((await refused.closed).code).toBe(1008);
    const neighbour = await connectRealtime(server.url, from('198.51.100.8'));
    expect(neighbour.frames[0]).toMatchObject({ type: 'ready' });

    // Closing one makes room again (once the server has seen the close).
    crowd[0]!.close();
    await crowd[0]!.closed;
    let again = await connectRealtime(server.url, from('198.51.100.7'));
    for (let i = 0; i < 40 && again.frames[0]?.type !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await connectRealtime(server.url, from('198.51.100.7'));
    }
    expect(again.frames[0]).toMatchObject({ type: 'ready' });
    for (const ws of [...crowd, again, neighbour]) ws.close();
  });

  it('bounds the storefront subscriptions of one address, so one client cannot inflate the counter past it', async () => {
    const owner = await createUser(server);
    const stores = [];
    for (let i = 0; i < 21; i++) stores.push(await createStoreFor(server, owner.id, `Vetrina ${i}`));
    const first = await connectRealtime(server.url, from('198.51.100.20'));
    for (const store of stores.slice(0, 20)) expect(await watchStorefront(first, store.slug, 'visitatore-curioso-0001')).toMatchObject({ type: 'subscribed' });
    const second = await connectRealtime(server.url, from('198.51.100.20'));
    const last = stores[20]!;
    expect(await watchStorefront(second, last.slug, 'visitatore-curioso-0002')).toMatchObject({
      code: 'too_many',
      message: 'Troppe vetrine aperte da questo indirizzo',
    });
    const online = async () => (await owner.client.get<{ online: number }>(`/api/stores/${last.id}/presence`)).body.online;
    expect(await online()).toBe(0);

    first.send({ type: 'unsubscribe', channel: { kind: 'storefront', slug: stores[0]!.slug } });
    const pong = first.next((f) => f.type === 'pong');
    first.send({ type: 'ping' });
    await pong;
    expect(await watchStorefront(second, last.slug, 'visitatore-curioso-0002')).toMatchObject({ type: 'subscribed' });
    expect(await online()).toBe(1);
    first.close();
    second.close();
  });

  it('does not count signed-in sockets against the anonymous cap', async () => {
    const user = await createUser(server);
    const office: RealtimeClient[] = [];
    for (let i = 0; i < 25; i++) {
      const ws = await connectRealtime(server.url, from('192.0.2.50'));
      expect(ws.frames[0]).toMatchObject({ type: 'ready' });
      await ws.auth(user.session.accessToken);
      office.push(ws);
    }
    for (const ws of office) ws.close();
  });
});
