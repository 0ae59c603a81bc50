import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';

let server: TestServer;
let merchant: Awaited<ReturnType<typeof createUser>>;
let store: { id: string; slug: string; name: string };
beforeAll(async () => {
  server = await startServer();
  merchant = await createUser(server);
  store = await createStoreFor(server, merchant.id, 'Bottega Messaggi');
});
afterAll(async () => {
  await server.close();
});

const contact = (body: unknown, c = client(server.url)) => c.post(`/api/public/stores/${store.slug}/messages`, body);

describe(`contact messages (${engine})`, () => {
  it('a guest writes, the merchant sees it unread, opens it, replies by e-mail', async () => {
    const text = '<b>Ciao</b> avete la taglia M? <script>alert(1)</script>';
    const sent = await contact({ customerName: 'Paolo Gialli', customerEmail: 'Paolo.Gialli@example.it', message: text });
    expect(sent.status).toBe(201);
    const unread = await merchant.client.get(`/api/stores/${store.id}/messages/unread`);
    expect(unread.body.contacts).toBeGreaterThanOrEqual(1);
    const list = await merchant.client.get(`/api/stores/${store.id}/messages`);
    const m = list.body.items.find((x: any) => x.id === sent.body.message.id);
    // Stored exactly as typed; the UI renders it as text.
    expect(m).toMatchObject({ message: text, isRead: false, status: 'pending', customerEmail: 'paolo.gialli@example.it' });
    expect((await merchant.client.post(`/api/stores/${store.id}/messages/${m.id}/read`)).body.message.isRead).toBe(true);
    const empty = await merchant.client.post(`/api/stores/${store.id}/messages/${m.id}/reply`, { response: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('La risposta non può essere vuota');
    const reply = await merchant.client.post(`/api/stores/${store.id}/messages/${m.id}/reply`, { response: 'Sì, la M è disponibile!' });
    expect(reply.body.message).toMatchObject({ status: 'responded', response: 'Sì, la M è disponibile!' });
    const mail = await server.smtp.waitFor('paolo.gialli@example.it', /Risposta da Bottega Messaggi/);
    expect(mail.text).toContain('Sì, la M è disponibile!');
  });

  it('refuses missing fields, a bad e-mail and over-long messages with the spec texts', async () => {
    expect((await contact({ customerName: '', customerEmail: 'a@b.it', message: 'x' })).body.error.message).toBe('Campi mancanti');
    expect((await contact({ customerEmail: 'a@b.it', message: 'x' })).body.error.message).toBe('Campi mancanti');
    expect((await contact({ customerName: 'A', customerEmail: 'non valida', message: 'x' })).body.error.message).toBe('Email non valida');
    const long = await contact({ customerName: 'A', customerEmail: 'a@b.it', message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Il messaggio può contenere al massimo 2000 caratteri');
    expect((await client(server.url).post('/api/public/stores/non-esiste/messages', { customerName: 'A', customerEmail: 'a@b.it', message: 'x' })).status).toBe(
      404,
    );
  });

  it('rate-limits the contact form per client', async () => {
    const other = await createStoreFor(server, merchant.id, 'Negozio Limiti');
    const send = () => client(server.url).post(`/api/public/stores/${other.slug}/messages`, { customerName: 'A', customerEmail: 'a@b.it', message: 'ciao' });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('Hai inviato troppi messaggi. Riprova tra qualche minuto.');
  });

  it("keeps other stores' members and outsiders out", async () => {
    const sent = await contact({ customerName: 'Eva', customerEmail: 'eva@example.it', message: 'Domanda' });
    const outsider = await createUser(server);
    const own = await createStoreFor(server, outsider.id, 'Negozio Estraneo');
    const id = sent.body.message.id;
    expect((await outsider.client.get(`/api/stores/${store.id}/messages`)).status).toBe(404);
    expect((await outsider.client.post(`/api/stores/${store.id}/messages/${id}/reply`, { response: 'x' })).status).toBe(404);
    expect((await outsider.client.post(`/api/stores/${own.id}/messages/${id}/read`)).status).toBe(404);
    expect((await outsider.client.post(`/api/stores/${own.id}/messages/${id}/reply`, { response: 'x' })).status).toBe(404);
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expect((await staff.client.post(`/api/stores/${store.id}/messages/${id}/read`)).status).toBe(200);
  });
});

describe(`live chat over HTTP (${engine})`, () => {
  it('a signed-in visitor chats; the store lists conversations with unread counts, reads and replies', async () => {
    const visitor = await createUser(server);
    expect((await client(server.url).post(`/api/public/stores/${store.slug}/chat`, { message: 'ciao' })).status).toBe(401);
    expect((await visitor.client.post(`/api/public/stores/${store.slug}/chat`, { message: '   ' })).body.error.message).toBe(
      'Il messaggio non può essere vuoto',
    );
    await visitor.client.post(`/api/public/stores/${store.slug}/chat`, { message: 'Spedite in Sardegna?' });
    await visitor.client.post(`/api/public/stores/${store.slug}/chat`, { message: 'E quanto costa?' });

    const convs = await merchant.client.get(`/api/stores/${store.id}/chats`);
    const conv = convs.body.items.find((c: any) => c.userId === visitor.id);
    expect(conv).toMatchObject({ customerEmail: visitor.email, lastMessage: 'E quanto costa?', unreadCount: 2, lastSenderType: 'customer' });
    expect((await merchant.client.get(`/api/stores/${store.id}/messages/unread`)).body.chat).toBeGreaterThanOrEqual(2);

    expect((await merchant.client.post(`/api/stores/${store.id}/chats/${visitor.id}/read`)).status).toBe(204);
    const reply = await merchant.client.post(`/api/stores/${store.id}/chats/${visitor.id}`, { message: 'Sì, 5,99 € come sempre.' });
    expect(reply.body.message.senderType).toBe('store');
    const after = (await merchant.client.get(`/api/stores/${store.id}/chats`)).body.items.find((c: any) => c.userId === visitor.id);
    expect(after).toMatchObject({ unreadCount: 0, lastMessage: 'Sì, 5,99 € come sempre.', lastSenderType: 'store' });

    // The visitor finds the conversation again (another device = another client).
    const again = await visitor.client.get(`/api/public/stores/${store.slug}/chat`);
    expect(again.body.messages.map((m: any) => [m.senderType, m.message])).toEqual([
      ['customer', 'Spedite in Sardegna?'],
      ['customer', 'E quanto costa?'],
      ['store', 'Sì, 5,99 € come sempre.'],
    ]);
  });

  it("never shows one customer's conversation to another, nor a store's chats to outsiders", async () => {
    const a = await createUser(server);
    const b = await createUser(server);
    await a.client.post(`/api/public/stores/${store.slug}/chat`, { message: 'Messaggio privato di A' });
    expect((await b.client.get(`/api/public/stores/${store.slug}/chat`)).body.messages).toEqual([]);
    const outsider = await createUser(server);
    const own = await createStoreFor(server, outsider.id, 'Altro');
    expect((await outsider.client.get(`/api/stores/${store.id}/chats`)).status).toBe(404);
    expect((await outsider.client.get(`/api/stores/${own.id}/chats/${a.id}`)).status).toBe(404);
    expect((await outsider.client.post(`/api/stores/${own.id}/chats/${a.id}`, { message: 'spam' })).status).toBe(404);
    expect((await merchant.client.post(`/api/stores/${store.id}/chats/${outsider.id}`, { message: 'x' })).status).toBe(404);
  });
});
