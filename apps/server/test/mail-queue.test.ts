import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startPeer, startServer, uniqueEmail, type TestServer } from './harness.js';
import { loadConfig } from '../src/config.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { startSmtp, type CapturedMail } from './smtp.js';

// Issue "A catalogue of 10,000 products that stays fast", point 5: orders never wait for mail.
// Mails go through a durable queue delivered in the background with retries.

const WAIT = { timeout: 20_000, interval: 100 };
const NO_LIMITS = { ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' };

type Server = Pick<TestServer, 'url' | 'ctx'>;

/** A store with one admin and a product in stock. */
async function shop(server: TestServer) {
  const admin = await createUser(server, uniqueEmail('titolare'));
  const store = await createStoreFor(server, admin.id, 'Bottega Posta');
  const product = await insertProduct(server, store.id, { title: 'Quaderno', priceCents: 1000, stock: 500 });
  return { admin, store, product };
}

function placeOrder(server: Server, s: Awaited<ReturnType<typeof shop>>, customerEmail: string) {
  const body = checkoutBody([{ productId: s.product.id, quantity: 1, unitPriceCents: 1000 }]);
  body.customer = { ...body.customer, customerEmail };
  return client(server.url).post(`/api/public/stores/${s.store.slug}/checkout`, body);
}

const received = (mails: CapturedMail[], to: string, subject: RegExp) => mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).length;
const queued = (server: Server) => server.ctx.db.selectFrom('mail_queue').selectAll().execute();
/** Waits until every queued mail is sent (its row is gone) and nothing is left in flight. */
async function queueDrained(server: Server) {
  await expect.poll(async () => (await queued(server)).length, WAIT).toBe(0);
  await new Promise((r) => setTimeout(r, 300));
}

describe(`an SMTP outage neither fails nor loses an order's mails (${engine})`, () => {
  let server: TestServer;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    server = await startServer(NO_LIMITS);
    s = await shop(server);
  });
  afterEach(() => server.smtp.refuseWith(null));
  afterAll(async () => {
    await server.close();
  });

  for (const code of [451, 554]) {
    it(`the server answering ${code}: the order is accepted and every mail arrives once, when it is back`, async () => {
      server.smtp.refuseWith(code);
      const refusedBefore = server.smtp.refused;
      const customer = uniqueEmail('cliente');
      const forgetful = await createUser(server);
      const res = await placeOrder(server, s, customer);
      expect(res.status).toBe(201);
      expect((await client(server.url).post('/api/auth/recover', { email: forgetful.email })).status).toBe(202);

      // Each of the three mails was tried and refused; they wait in the queue.
      await expect.poll(() => server.smtp.refused - refusedBefore, WAIT).toBeGreaterThanOrEqual(3);
      expect(received(server.smtp.mails, customer, /Conferma il tuo ordine/)).toBe(0);
      const waiting = await queued(server);
      expect(waiting.map((m) => m.to_address).sort()).toEqual([customer, s.admin.email, forgetful.email].sort());
      // The reason kept for the operator is a code, never the server's text or an address.
      await expect.poll(async () => (await queued(server)).every((m) => m.last_error === `EENVELOPE ${code} MAIL FROM`), WAIT).toBe(true);

      server.smtp.refuseWith(null);
      await server.smtp.waitFor(customer, new RegExp(`Conferma il tuo ordine #${res.body.orderNumber}`), WAIT.timeout);
      await server.smtp.waitFor(s.admin.email, new RegExp(`Nuovo ordine #${res.body.orderNumber}`), WAIT.timeout);
      await server.smtp.waitFor(forgetful.email, /Reimposta la tua password/, WAIT.timeout);
      await queueDrained(server);
      expect(received(server.smtp.mails, customer, /Conferma il tuo ordine/)).toBe(1);
      expect(received(server.smtp.mails, s.admin.email, new RegExp(`Nuovo ordine #${res.body.orderNumber}`))).toBe(1);
      expect(received(server.smtp.mails, forgetful.email, /Reimposta la tua password/)).toBe(1);
    });
  }

  it('a recipient the mail server refuses for good is given up at once: body cleared, nothing of it logged', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logged = await startServer({ ...NO_LIMITS, LOG_LEVEL: 'debug' }, { logStream });
    try {
      logged.smtp.rejectRecipients(/^inesistente\./);
      const own = await shop(logged);
      const nobody = uniqueEmail('inesistente');
      const res = await placeOrder(logged, own, nobody);
      expect(res.status).toBe(201);
      await logged.smtp.waitFor(own.admin.email, /Nuovo ordine/, WAIT.timeout);
      await expect.poll(async () => (await queued(logged)).find((m) => m.to_address === nobody)?.failed_at ?? null, WAIT).not.toBeNull();
      const dead = (await queued(logged)).find((m) => m.to_address === nobody);
      expect(dead).toMatchObject({ to_address: nobody, text: '', html: null, attempts: 1, last_error: 'EENVELOPE 550 RCPT TO' });
      expect(lines.some((l) => l.includes('mail given up'))).toBe(true);
      expect(lines.filter((l) => l.includes(nobody) || l.includes('grazie per il tuo ordine'))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe(`mail server unreachable (${engine})`, () => {
  it('orders are accepted while nothing listens, and their mails arrive once it starts', async () => {
    // A port nothing listens on until the mail server "comes back" there.
    const probe = await startSmtp();
    await probe.close();
    const server = await startServer({ ...NO_LIMITS, SMTP_URL: `smtp://127.0.0.1:${probe.port}` });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const s = await shop(server);
      const customers = [uniqueEmail('primo'), uniqueEmail('secondo')];
      for (const c of customers) expect((await placeOrder(server, s, c)).status).toBe(201);
      await expect.poll(async () => (await queued(server)).filter((m) => m.attempts >= 1 && m.last_error).length, WAIT).toBe(4);
      expect((await queued(server)).every((m) => !m.last_error!.includes('@') && !m.last_error!.includes('127.0.0.1'))).toBe(true);

      smtp = await startSmtp({ port: probe.port });
      for (const c of customers) await smtp.waitFor(c, /Conferma il tuo ordine/, WAIT.timeout);
      await queueDrained(server);
      for (const c of customers) expect(received(smtp.mails, c, /Conferma il tuo ordine/)).toBe(1);
      expect(received(smtp.mails, s.admin.email, /Nuovo ordine/)).toBe(2);
    } finally {
      await server.close();
      await smtp?.close();
    }
  });
});

describe(`no mail is lost across a restart (${engine})`, () => {
  it('mails queued before the server stopped are sent by the next one on the same database', async () => {
    const first = await startServer(NO_LIMITS);
    let second: Awaited<ReturnType<typeof startPeer>> | undefined;
    try {
      const s = await shop(first);
      first.smtp.refuseWith(421);
      const customer = uniqueEmail('cliente');
      expect((await placeOrder(first, s, customer)).status).toBe(201);
      await expect.poll(() => first.smtp.refused, WAIT).toBeGreaterThanOrEqual(2);
      await first.app.close();

      first.smtp.refuseWith(null);
      second = await startPeer(first);
      await first.smtp.waitFor(customer, /Conferma il tuo ordine/, WAIT.timeout);
      await first.smtp.waitFor(s.admin.email, /Nuovo ordine/, WAIT.timeout);
      await queueDrained(second);
      expect(received(first.smtp.mails, customer, /Conferma il tuo ordine/)).toBe(1);
      expect(received(first.smtp.mails, s.admin.email, /Nuovo ordine/)).toBe(1);
    } finally {
      await second?.close();
      await first.close();
    }
  });

  it('a mail claimed by an instance that died is sent once its claim expires', async () => {
    const server = await startServer();
    try {
      const to = uniqueEmail('orfano');
      const now = Date.now();
      // What a crashed instance leaves behind: a claimed mail it never finished.
      await server.ctx.db
        .insertInto('mail_queue')
        .values({
          id: crypto.randomUUID(),
          to_address: to,
          subject: 'Rimasta a metà',
          text: 'Testo',
          html: null,
          created_at: new Date(now - 60_000).toISOString(),
          attempts: 1,
          next_attempt_at: new Date(now - 60_000).toISOString(),
          claimed_by: 'istanza-caduta',
          claimed_until: new Date(now + 1500).toISOString(),
        })
        .execute();
      await server.smtp.waitFor(to, /Rimasta a metà/, WAIT.timeout);
      await queueDrained(server);
      expect(received(server.smtp.mails, to, /Rimasta a metà/)).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('closing the server lets a mail being sent finish; the rest is sent once by the next instance', async () => {
    const server = await startServer();
    let peer: Awaited<ReturnType<typeof startPeer>> | undefined;
    try {
      const s = await shop(server);
      const customer = uniqueEmail('cliente');
      const orderMails = () => received(server.smtp.mails, customer, /Conferma il tuo ordine/) + received(server.smtp.mails, s.admin.email, /Nuovo ordine/);
      server.smtp.delayAccept(1500);
      const startedBefore = server.smtp.receiving;
      expect((await placeOrder(server, s, customer)).status).toBe(201);
      // A mail is on its way: the mail server is receiving it and holds it for a while.
      await expect.poll(() => server.smtp.receiving - startedBefore, WAIT).toBeGreaterThanOrEqual(1);
      await server.app.close();
      // The send in flight finished before the server was down.
      expect(orderMails()).toBeGreaterThanOrEqual(1);

      server.smtp.delayAccept(0);
      peer = await startPeer(server);
      await expect.poll(orderMails, WAIT).toBe(2);
      await queueDrained(peer);
      expect(received(server.smtp.mails, customer, /Conferma il tuo ordine/)).toBe(1);
      expect(received(server.smtp.mails, s.admin.email, /Nuovo ordine/)).toBe(1);
    } finally {
      await peer?.close();
      await server.close();
    }
  });
});

describe(`several instances on one database (${engine})`, () => {
  it('never send the same mail twice', async () => {
    const a = await startServer(NO_LIMITS);
    const peers: Array<Awaited<ReturnType<typeof startPeer>>> = [];
    try {
      peers.push(await startPeer(a, NO_LIMITS), await startPeer(a, NO_LIMITS));
      const instances: Server[] = [a, ...peers];
      const s = await shop(a);
      // Mails pile up while the mail server is down, then every instance competes for them at once.
      a.smtp.refuseWith(451);
      const customers = Array.from({ length: 12 }, (_, i) => uniqueEmail(`cliente${i}`));
      const results = await Promise.all(customers.map((c, i) => placeOrder(instances[i % instances.length]!, s, c)));
      expect(results.map((r) => r.status)).toEqual(customers.map(() => 201));
      await expect.poll(() => a.smtp.refused, WAIT).toBeGreaterThanOrEqual(24);
      a.smtp.refuseWith(null);

      await expect.poll(() => received(a.smtp.mails, s.admin.email, /Nuovo ordine/), WAIT).toBe(12);
      for (const c of customers) await a.smtp.waitFor(c, /Conferma il tuo ordine/, WAIT.timeout);
      await queueDrained(a);
      for (const c of customers) expect(received(a.smtp.mails, c, /Conferma il tuo ordine/)).toBe(1);
      const notices = a.smtp.mails.filter((m) => m.to.includes(s.admin.email) && /Nuovo ordine/.test(m.subject)).map((m) => m.subject);
      expect(new Set(notices).size).toBe(12);
      expect(notices).toHaveLength(12);
    } finally {
      for (const p of peers) await p.close();
      await a.close();
    }
  });
});

describe(`a burst of orders is mailed at the instance's pace (${engine})`, () => {
  it('every mail arrives once and never faster than MAIL_SEND_RATE; a reset link does not wait behind them', async () => {
    const server = await startServer({ ...NO_LIMITS, MAIL_SEND_RATE: '10' });
    try {
      const s = await shop(server);
      const forgetful = await createUser(server);
      const customers = Array.from({ length: 20 }, (_, i) => uniqueEmail(`raffica${i}`));
      const orderMails = () =>
        received(server.smtp.mails, s.admin.email, /Nuovo ordine/) +
        customers.reduce((n, c) => n + received(server.smtp.mails, c, /Conferma il tuo ordine/), 0);
      // Ten may go at once, then one every 100 ms: never more than that since the first order.
      const started = Date.now();
      const allowed = () => 10 + Math.floor((Date.now() - started) / 100);
      let over: string | null = null;
      const watch = setInterval(() => {
        const n = orderMails();
        const limit = allowed();
        if (n > limit) over ??= `${n} mails sent, at most ${limit} allowed`;
      }, 20);
      try {
        for (const c of customers) expect((await placeOrder(server, s, c)).status).toBe(201);
        // While the burst's mails are still going out, a shopper asks for a reset link: it arrives first.
        await expect.poll(orderMails, WAIT).toBeGreaterThanOrEqual(12);
        expect((await client(server.url).post('/api/auth/recover', { email: forgetful.email })).status).toBe(202);
        await server.smtp.waitFor(forgetful.email, /Reimposta la tua password/, WAIT.timeout);
        expect(orderMails()).toBeLessThan(40);

        await expect.poll(orderMails, WAIT).toBe(40);
        await queueDrained(server);
      } finally {
        clearInterval(watch);
      }
      expect(over).toBeNull();
      expect(orderMails()).toBe(40);
      for (const c of customers) expect(received(server.smtp.mails, c, /Conferma il tuo ordine/)).toBe(1);
      expect(received(server.smtp.mails, forgetful.email, /Reimposta la tua password/)).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('a rate that is not a whole number of mails a second stops the start with an Italian message', () => {
    expect(loadConfig({}).mailSendRate).toBe(50);
    expect(loadConfig({ MAIL_SEND_RATE: '0' }).mailSendRate).toBe(0);
    expect(() => loadConfig({ MAIL_SEND_RATE: 'tanti' })).toThrow(/MAIL_SEND_RATE deve essere un numero di email al secondo/);
    expect(() => loadConfig({ MAIL_SEND_RATE: '2.5' })).toThrow(/MAIL_SEND_RATE deve essere un numero intero/);
    expect(() => loadConfig({ MAIL_SEND_RATE: '-1' })).toThrow(/MAIL_SEND_RATE non può essere negativo/);
  });
});

describe(`development without SMTP_URL (${engine})`, () => {
  it("shows an order's mails on the development mail page", async () => {
    const server = await startServer({ SMTP_URL: '' });
    try {
      const s = await shop(server);
      const customer = uniqueEmail('cliente');
      const res = await placeOrder(server, s, customer);
      expect(res.status).toBe(201);
      const page = await client(server.url).get('/dev/mail');
      expect(page.body).toContain(`Conferma il tuo ordine #${res.body.orderNumber}`);
      expect(page.body).toContain(`Nuovo ordine #${res.body.orderNumber}`);
      expect(page.body).toContain(customer);
    } finally {
      await server.close();
    }
  });
});
