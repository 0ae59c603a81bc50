import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '@vetrina/shared';
import { addMember, client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { notificationsRepo } from '../src/modules/notifications/repo.js';

type User = Awaited<ReturnType<typeof createUser>>;

let server: TestServer;
let owner: User;
let admin: User;
let quietAdmin: User;
let staff: User;
let store: { id: string; slug: string; name: string };
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  [owner, admin, quietAdmin, staff] = await Promise.all([createUser(server), createUser(server), createUser(server), createUser(server)]);
  store = await createStoreFor(server, owner.id, 'Bottega Avvisi');
  await addMember(server, store.id, admin.id, 'admin');
  await addMember(server, store.id, quietAdmin.id, 'admin');
  await addMember(server, store.id, staff.id, 'staff');
  const off = await quietAdmin.client.put('/api/me/notification-preferences', { orderEmails: false, messageEmails: false });
  expect(off.status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

const bell = (u: User, storeId = store.id) => u.client.get(`/api/stores/${storeId}/notifications`);
const markRead = (u: User, body: unknown, storeId = store.id) => u.client.post(`/api/stores/${storeId}/notifications/read`, body);
const mailsTo = (u: User) => server.smtp.mails.filter((m) => m.to.includes(u.email));

/** Waits until every queued mail went out, so a mail that is absent now will not come later. */
async function queueDrained() {
  const deadline = Date.now() + 5000;
  for (;;) {
    const r = await server.ctx.db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(r.n) === 0) return;
    if (Date.now() > deadline) throw new Error('mail queue not drained');
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function placeOrder(priceCents = 4000) {
  const p = await insertProduct(server, store.id, { title: 'Vaso Blu', priceCents, stock: 5 });
  const res = await client(server.url).post(
    `/api/public/stores/${store.slug}/checkout`,
    checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: priceCents }]),
  );
  expect(res.status).toBe(201);
  return res.body as { orderNumber: number; totalCents: number };
}

describe(`notice mails (${engine})`, () => {
  it('a checkout mails the owner and the admins who want it, not the admin who turned it off, not staff', async () => {
    const order = await placeOrder();
    const subject = new RegExp(`Nuovo ordine #${order.orderNumber} su Bottega Avvisi`);
    for (const u of [owner, admin]) expect((await server.smtp.waitFor(u.email, subject)).text).toContain('/dashboard/orders');
    await queueDrained();
    expect(mailsTo(quietAdmin).filter((m) => subject.test(m.subject))).toEqual([]);
    expect(mailsTo(staff).filter((m) => subject.test(m.subject))).toEqual([]);
  });

  it('a contact message mails them its text, escaped in the HTML part, with a link to Messaggi', async () => {
    const text = 'Avete il vaso <b>rosso</b>? <script>alert(1)</script>';
    const sent = await client(server.url).post(`/api/public/stores/${store.slug}/messages`, {
      customerName: 'Maria\r\nBcc: x@y.it',
      customerEmail: 'maria.verdi@example.it',
      message: text,
    });
    expect(sent.status).toBe(201);
    for (const u of [owner, admin]) {
      const mail = await server.smtp.waitFor(u.email, /^Nuovo messaggio da Maria Bcc: x@y\.it$/);
      expect(mail.text).toContain(text);
      expect(mail.text).toContain('maria.verdi@example.it');
      expect(mail.text).toContain('/dashboard/messages');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;');
    }
    await queueDrained();
    expect(mailsTo(quietAdmin).filter((m) => /Nuovo messaggio/.test(m.subject))).toEqual([]);
    expect(mailsTo(staff).filter((m) => /Nuovo messaggio/.test(m.subject))).toEqual([]);
  });

  it('a live chat notifies once per conversation, not per line, and again after a quiet half hour', async () => {
    const visitor = await createUser(server);
    const chat = (message: string) => visitor.client.post(`/api/public/stores/${store.slug}/chat`, { message });
    const chatMails = () => mailsTo(owner).filter((m) => m.subject === `Nuovo messaggio in chat da ${visitor.email}`);
    expect((await chat('Ciao!')).status).toBe(201);
    await server.smtp.waitFor(owner.email, /Nuovo messaggio in chat/);
    expect((await chat('Siete aperti domani?')).status).toBe(201);
    await queueDrained();
    expect(chatMails()).toHaveLength(1);
    const inBell = async () => (await bell(staff)).body.items.filter((n: { title: string }) => n.title === `Nuovo messaggio in chat da ${visitor.email}`);
    expect(await inBell()).toHaveLength(1);

    // Half an hour later (the visitor's earlier lines moved back in time; their session stays valid).
    const earlier = new Date(Date.now() - 31 * 60_000).toISOString();
    await server.ctx.db.updateTable('chat_messages').set({ created_at: earlier }).where('user_id', '=', visitor.id).execute();
    expect((await chat('Ci sono novità?')).status).toBe(201);
    await queueDrained();
    expect(chatMails()).toHaveLength(2);
    expect(await inBell()).toHaveLength(2);
  });

  it('keeps the choice per member and refuses a malformed one', async () => {
    expect((await quietAdmin.client.get('/api/me/notification-preferences')).body).toEqual({ preferences: { orderEmails: false, messageEmails: false } });
    expect((await owner.client.get('/api/me/notification-preferences')).body).toEqual({ preferences: { orderEmails: true, messageEmails: true } });
    const bad = await owner.client.put('/api/me/notification-preferences', { orderEmails: 'no', messageEmails: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Preferenze non valide');
    expect((await owner.client.get('/api/me/notification-preferences')).body.preferences.orderEmails).toBe(true);
    expect((await client(server.url).get('/api/me/notification-preferences')).status).toBe(401);
  });
});

describe(`the bell (${engine})`, () => {
  it('lists the order and the message for every member, newest first, with the unread count', async () => {
    await markRead(owner, {});
    const order = await placeOrder(4591);
    await client(server.url).post(`/api/public/stores/${store.slug}/messages`, {
      customerName: 'Luca',
      customerEmail: 'luca@example.it',
      message: 'Spedite in Svizzera?',
    });
    for (const u of [owner, admin, quietAdmin, staff]) {
      const res = await bell(u);
      expect(res.status).toBe(200);
      const [first, second] = res.body.items;
      expect(first).toMatchObject({ kind: 'message', title: 'Nuovo messaggio da Luca', link: '/dashboard/messages', readAt: null });
      expect(second).toMatchObject({
        kind: 'order',
        title: `Nuovo ordine #${order.orderNumber} — ${formatEuro(order.totalCents)}`,
        link: `/dashboard/orders?search=${order.orderNumber}`,
        readAt: null,
      });
    }
    expect((await bell(owner)).body.unread).toBe(2);
  });

  it('marks given ones read, then all; only the caller’s own change', async () => {
    const before = (await bell(admin)).body;
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const [first] = before.items;
    const one = await markRead(admin, { ids: [first.id] });
    expect(one.status).toBe(200);
    expect(one.body.unread).toBe(before.unread - 1);
    const after = (await bell(admin)).body;
    expect(after.items[0].readAt).not.toBeNull();
    // The staff member's copy of the same event is still unread.
    expect((await bell(staff)).body.items[0].readAt).toBeNull();
    const all = await markRead(admin, {});
    expect(all.body).toEqual({ unread: 0 });
    expect((await bell(admin)).body.items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
  });

  it("answers 404 to another member's ids and to ids of another store, changing nothing", async () => {
    const staffUnread = (await bell(staff)).body;
    const staffIds = staffUnread.items.filter((n: { readAt: string | null }) => !n.readAt).map((n: { id: string }) => n.id);
    expect(staffIds.length).toBeGreaterThan(0);
    const ownerBefore = (await bell(owner)).body.unread;
    expect(ownerBefore).toBeGreaterThan(0);
    const ownId = (await bell(owner)).body.items.find((n: { readAt: string | null }) => !n.readAt).id;

    // Someone else's (mixed with one's own): refused whole.
    const foreign = await markRead(owner, { ids: [ownId, staffIds[0]] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Notifica non trovata');
    expect((await bell(owner)).body.unread).toBe(ownerBefore);
    expect((await bell(staff)).body.unread).toBe(staffUnread.unread);

    // Another store: its own notifications reveal nothing, and this store's ids are not found there.
    const outsider = await createUser(server);
    const other = await createStoreFor(server, outsider.id, 'Negozio Altrui');
    expect((await bell(outsider, store.id)).status).toBe(404);
    expect((await markRead(outsider, {}, store.id)).status).toBe(404);
    expect((await bell(outsider, other.id)).body).toEqual({ items: [], unread: 0 });
    expect((await markRead(outsider, { ids: staffIds }, other.id)).status).toBe(404);
    expect((await markRead(outsider, { ids: [] }, other.id)).body.error.message).toBe('Elenco di notifiche non valido');
    expect((await bell(staff)).body.unread).toBe(staffUnread.unread);
  });

  it('drops the notifications of a member who leaves the team', async () => {
    const temp = await createUser(server);
    await addMember(server, store.id, temp.id, 'staff');
    await placeOrder();
    expect((await bell(temp)).body.items).toHaveLength(1);
    await server.ctx.db.deleteFrom('store_members').where('store_id', '=', store.id).where('user_id', '=', temp.id).execute();
    const left = await server.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', temp.id).execute();
    expect(left).toEqual([]);
  });

  it('skips a member who left between the read of the team and the write of the bell rows', async () => {
    const leaving = await createUser(server);
    await addMember(server, store.id, leaving.id, 'staff');
    const members = (await notificationsRepo(server.ctx.db).members(store.id)).map((m) => m.userId);
    expect(members).toContain(leaving.id);
    await server.ctx.db.deleteFrom('store_members').where('store_id', '=', store.id).where('user_id', '=', leaving.id).execute();
    const before = (await bell(staff)).body.items.length;
    await notificationsRepo(server.ctx.db).insert(store.id, members, { kind: 'order', title: 'Prova', link: '/dashboard/orders' }, new Date().toISOString());
    expect((await bell(staff)).body.items).toHaveLength(before + 1);
    expect(await server.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', leaving.id).execute()).toEqual([]);
  });

  it('tells the store’s dashboards over the real-time bus once the order is in', async () => {
    const events: unknown[] = [];
    const stop = server.ctx.bus.subscribe(`store:${store.id}`, (e) => events.push(e));
    try {
      await placeOrder();
      expect(events).toContainEqual({ type: 'notifications.changed', storeId: store.id });
    } finally {
      stop();
    }
  });
});
