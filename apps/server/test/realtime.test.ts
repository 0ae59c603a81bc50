import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@vetrina/shared';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { connectRealtime } from './ws-client.js';

let server: TestServer;
let merchant: Awaited<ReturnType<typeof createUser>>;
let store: { id: string; slug: string };
beforeAll(async () => {
  server = await startServer();
  merchant = await createUser(server);
  store = await createStoreFor(server, merchant.id, 'Negozio in Diretta');
});
afterAll(async () => {
  await server.close();
});

const isEvent = (type: string) => (f: ServerFrame) => f.type === 'event' && f.event.type === type;

describe(`real-time delivery and its authorisation (${engine})`, () => {
  it('delivers a new contact message and a chat message to the store dashboard live', async () => {
    const dash = await connectRealtime(server.url);
    await dash.auth(merchant.session.accessToken);
    dash.send({ type: 'subscribe', channel: { kind: 'store', storeId: store.id } });
    await dash.waitFor((f) => f.type === 'subscribed');
    await client(server.url).post(`/api/public/stores/${store.slug}/messages`, { customerName: 'Rita', customerEmail: 'rita@example.it', message: 'Ciao!' });
    const created = await dash.waitFor(isEvent('contact.created'));
    expect(created.type === 'event' && created.event.type === 'contact.created' && created.event.message.message).toBe('Ciao!');
    dash.close();
  });

  it("sends the store's reply to the visitor's own socket and to nobody else", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    const wsA = await connectRealtime(server.url);
    const wsB = await connectRealtime(server.url);
    await wsA.auth(a.session.accessToken);
    await wsB.auth(b.session.accessToken);
    wsA.send({ type: 'subscribe', channel: { kind: 'chat', slug: store.slug } });
    wsB.send({ type: 'subscribe', channel: { kind: 'chat', slug: store.slug } });
    await wsA.waitFor((f) => f.type === 'subscribed');
    await wsB.waitFor((f) => f.type === 'subscribed');
    await a.client.post(`/api/public/stores/${store.slug}/chat`, { message: 'Domanda di A' });
    await merchant.client.post(`/api/stores/${store.id}/chats/${a.id}`, { message: 'Risposta per A' });
    const got = await wsA.waitFor((f) => f.type === 'event' && f.event.type === 'chat.message' && f.event.message.senderType === 'store');
    expect(got.type === 'event' && got.event.type === 'chat.message' && got.event.message.message).toBe('Risposta per A');
    expect(await wsB.never(isEvent('chat.message'))).toBe(true);
    wsA.close();
    wsB.close();
  });

  it('refuses store subscriptions to anonymous sockets and to non-members', async () => {
    const anon = await connectRealtime(server.url);
    anon.send({ type: 'subscribe', channel: { kind: 'store', storeId: store.id } });
    expect(await anon.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'unauthenticated' });
    anon.send({ type: 'subscribe', channel: { kind: 'chat', slug: store.slug } });
    expect(await anon.waitFor((f) => f.type === 'error' && f.channel?.kind === 'chat')).toMatchObject({ code: 'unauthenticated' });
    anon.send('non è json');
    await anon.waitFor((f) => f.type === 'error' && f.code === 'bad_request');

    const outsider = await createUser(server);
    const ws = await connectRealtime(server.url);
    await ws.auth(outsider.session.accessToken);
    ws.send({ type: 'subscribe', channel: { kind: 'store', storeId: store.id } });
    expect(await ws.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'not_found' });
    await client(server.url).post(`/api/public/stores/${store.slug}/messages`, { customerName: 'X', customerEmail: 'x@example.it', message: 'segreto' });
    expect(await ws.never(isEvent('contact.created'))).toBe(true);
    ws.send({ type: 'auth', token: 'non-un-token' });
    await ws.waitFor((f) => f.type === 'error' && f.code === 'unauthenticated');
    anon.close();
    ws.close();
  });

  it('counts the visitors with the storefront open right now', async () => {
    const online = async () => (await merchant.client.get(`/api/stores/${store.id}/presence`)).body.online as number;
    const start = await online();
    const v1 = await connectRealtime(server.url);
    const v2 = await connectRealtime(server.url);
    v1.send({ type: 'subscribe', channel: { kind: 'storefront', slug: store.slug } });
    v2.send({ type: 'subscribe', channel: { kind: 'storefront', slug: store.slug } });
    await v1.waitFor((f) => f.type === 'subscribed');
    await v2.waitFor((f) => f.type === 'subscribed');
    expect(await online()).toBe(start + 2);
    v1.close();
    for (let i = 0; i < 20 && (await online()) !== start + 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await online()).toBe(start + 1);
    v2.close();
  });
});
