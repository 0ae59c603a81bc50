import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, ServerFrame, TeamMember } from '@vetrina/shared';
import { topics } from '../src/modules/realtime/bus.js';
import { addMember, client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { connectRealtime, type RealtimeClient } from './ws-client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const same = (a: RealtimeChannel | undefined, b: RealtimeChannel) => JSON.stringify(a) === JSON.stringify(b);
const errorOn = (channel: RealtimeChannel) => (f: ServerFrame) => f.type === 'error' && same(f.channel, channel);
const sessionError = (f: ServerFrame) => f.type === 'error' && !f.channel;
const contactWith = (text: string) => (f: ServerFrame) => f.type === 'event' && f.event.type === 'contact.created' && f.event.message.message === text;

async function listen(ws: RealtimeClient, channel: RealtimeChannel, visitorId?: string) {
  const done = ws.next((f) => (f.type === 'subscribed' && same(f.channel, channel)) || errorOn(channel)(f));
  ws.send(visitorId ? { type: 'subscribe', channel, visitorId } : { type: 'subscribe', channel });
  expect(await done).toMatchObject({ type: 'subscribed' });
}

async function signedInSocket(url: string, token: string, ...channels: RealtimeChannel[]) {
  const ws = await connectRealtime(url);
  await ws.auth(token);
  for (const c of channels) await listen(ws, c);
  return ws;
}

async function postContact(slug: string, message: string) {
  const res = await client(server.url).post(`/api/public/stores/${slug}/messages`, { customerName: 'Rita', customerEmail: 'rita@example.it', message });
  expect(res.status).toBe(201);
}

async function memberIdOf(admin: Awaited<ReturnType<typeof createUser>>, storeId: string, userId: string) {
  const { members } = (await admin.client.get<{ members: TeamMember[] }>(`/api/stores/${storeId}/team/members`)).body;
  return members.find((m) => m.userId === userId)!.id;
}

describe(`a socket loses what its user lost, while it is open (${engine})`, () => {
  it("stops a removed staff member's dashboard at once; a new token or subscription does not bring it back", async () => {
    const admin = await createUser(server);
    const store = await createStoreFor(server, admin.id, 'Negozio Rimozioni');
    const channel: RealtimeChannel = { kind: 'store', storeId: store.id };
    const staff = await createUser(server);
    const colleague = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    await addMember(server, store.id, colleague.id, 'staff');
    const wsStaff = await signedInSocket(server.url, staff.session.accessToken, channel);
    const wsColleague = await signedInSocket(server.url, colleague.session.accessToken, channel);

    const removed = wsStaff.next(errorOn(channel));
    expect((await admin.client.del(`/api/stores/${store.id}/team/members/${await memberIdOf(admin, store.id, staff.id)}`)).status).toBe(204);
    expect(await removed).toMatchObject({ code: 'forbidden', message: 'Non fai più parte del team di questo store' });

    await postContact(store.slug, 'Dopo la rimozione');
    await wsColleague.waitFor(contactWith('Dopo la rimozione'));
    expect(await wsStaff.never(contactWith('Dopo la rimozione'))).toBe(true);

    await wsStaff.auth(staff.session.accessToken);
    await postContact(store.slug, 'Dopo il nuovo token');
    await wsColleague.waitFor(contactWith('Dopo il nuovo token'));
    expect(await wsStaff.never(contactWith('Dopo il nuovo token'))).toBe(true);

    const refused = wsStaff.next(errorOn(channel));
    wsStaff.send({ type: 'subscribe', channel });
    expect(await refused).toMatchObject({ code: 'not_found', message: 'Store non trovato' });
    wsStaff.close();
    wsColleague.close();
  });

  it('checks the store subscriptions again when a token is re-sent (a removal whose notice never arrived)', async () => {
    const admin = await createUser(server);
    const store = await createStoreFor(server, admin.id, 'Negozio Controlli');
    const channel: RealtimeChannel = { kind: 'store', storeId: store.id };
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    const wsStaff = await signedInSocket(server.url, staff.session.accessToken, channel);
    const wsAdmin = await signedInSocket(server.url, admin.session.accessToken, channel);
    // Straight in the database: no access event is published, as when Redis was unreachable.
    await server.ctx.db.deleteFrom('store_members').where('store_id', '=', store.id).where('user_id', '=', staff.id).execute();

    const dropped = wsStaff.next(errorOn(channel));
    await wsStaff.auth(staff.session.accessToken);
    expect(await dropped).toMatchObject({ code: 'forbidden', message: 'Non fai più parte del team di questo store' });
    await postContact(store.slug, 'Solo per il team');
    await wsAdmin.waitFor(contactWith('Solo per il team'));
    expect(await wsStaff.never(contactWith('Solo per il team'))).toBe(true);
    wsStaff.close();
    wsAdmin.close();
  });

  it("deleting a store ends every socket's channels of it: dashboard, chat and storefront", async () => {
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Negozio da Chiudere');
    const other = await createStoreFor(server, owner.id, 'Negozio che Resta');
    const dashboard: RealtimeChannel = { kind: 'store', storeId: store.id };
    const otherDashboard: RealtimeChannel = { kind: 'store', storeId: other.id };
    const chat: RealtimeChannel = { kind: 'chat', slug: store.slug };
    const storefront: RealtimeChannel = { kind: 'storefront', slug: store.slug };
    const shopper = await createUser(server);
    const wsOwner = await signedInSocket(server.url, owner.session.accessToken, dashboard, otherDashboard);
    const wsShopper = await signedInSocket(server.url, shopper.session.accessToken, chat);
    const wsGuest = await connectRealtime(server.url);
    await listen(wsGuest, storefront, 'ospite-1234567890abcdef');

    const ended = [wsOwner.next(errorOn(dashboard)), wsShopper.next(errorOn(chat)), wsGuest.next(errorOn(storefront))];
    expect((await owner.client.del(`/api/stores/${store.id}`)).status).toBe(204);
    for (const frame of await Promise.all(ended)) expect(frame).toMatchObject({ code: 'not_found', message: 'Questo store è stato eliminato' });

    // Nothing the deleted store's topics carry reaches anyone; the owner's other store still does.
    const read = (storeId: string) => ({ type: 'chat.read' as const, storeId, userId: shopper.id });
    await server.ctx.bus.publish(topics.store(store.id), read(store.id));
    await server.ctx.bus.publish(topics.chat(store.id, shopper.id), read(store.id));
    await server.ctx.bus.publish(topics.store(other.id), read(other.id));
    await wsOwner.waitFor((f) => f.type === 'event' && f.event.type === 'chat.read' && f.event.storeId === other.id);
    const aboutDeleted = (f: ServerFrame) => f.type === 'event' && f.event.type === 'chat.read' && f.event.storeId === store.id;
    expect(await wsOwner.never(aboutDeleted)).toBe(true);
    expect(wsShopper.frames.some(aboutDeleted)).toBe(false);
    wsOwner.close();
    wsShopper.close();
    wsGuest.close();
  });

  it('closes the sockets of revoked sessions (others, then global) after telling them why', async () => {
    const admin = await createUser(server);
    const store = await createStoreFor(server, admin.id, 'Negozio Sessioni');
    const dashboard: RealtimeChannel = { kind: 'store', storeId: store.id };
    const chat: RealtimeChannel = { kind: 'chat', slug: store.slug };
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    const laptop = client(server.url);
    const laptopSession = (await laptop.post('/api/auth/login', { email: staff.email, password: staff.password })).body.session;
    laptop.useSession(laptopSession);
    const wsPhone = await signedInSocket(server.url, staff.session.accessToken, dashboard, chat);
    const wsLaptop = await signedInSocket(server.url, laptopSession.accessToken, dashboard);

    const signedOut = wsPhone.next(sessionError);
    expect((await laptop.post('/api/auth/logout', { scope: 'others' })).status).toBe(204);
    expect(await signedOut).toMatchObject({ code: 'unauthenticated', message: 'Sessione terminata: accedi di nuovo' });
    await postContact(store.slug, 'Dopo il logout degli altri');
    await wsLaptop.waitFor(contactWith('Dopo il logout degli altri'));
    expect(await wsPhone.never(contactWith('Dopo il logout degli altri'))).toBe(true);

    // Closed, not left open and anonymous: nothing more can come through it.
    expect(await wsPhone.closed).toEqual({ code: 4001, reason: 'Sessione terminata: accedi di nuovo' });
    // A new socket with the revoked session's token is refused and gets nothing of the store.
    const retry = await connectRealtime(server.url);
    const stale = retry.next(sessionError);
    retry.send({ type: 'auth', token: staff.session.accessToken });
    expect(await stale).toMatchObject({ code: 'unauthenticated', message: 'Sessione non valida' });
    const refused = retry.next(errorOn(dashboard));
    retry.send({ type: 'subscribe', channel: dashboard });
    expect(await refused).toMatchObject({ code: 'unauthenticated', message: 'Accedi per ricevere gli aggiornamenti' });

    const everywhere = wsLaptop.next(sessionError);
    expect((await laptop.post('/api/auth/logout', { scope: 'global' })).status).toBe(204);
    expect(await everywhere).toMatchObject({ code: 'unauthenticated', message: 'Sessione terminata: accedi di nuovo' });
    expect((await wsLaptop.closed).code).toBe(4001);
    retry.close();
  });

  it('refuses a malformed visitor id with a clear message', async () => {
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Negozio Visitatori');
    const ws = await connectRealtime(server.url);
    const refused = ws.next((f) => f.type === 'error');
    ws.send({ type: 'subscribe', channel: { kind: 'storefront', slug: store.slug }, visitorId: 'corto' });
    expect(await refused).toMatchObject({ code: 'bad_request', message: 'Identificativo del visitatore non valido' });
    ws.close();
  });
});
