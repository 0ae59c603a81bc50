import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { client, createStoreFor, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { linkIn } from './smtp.js';

// Issue 11, point 1: the development mail page gave every account away, and links reached the log.

describe('a production server needs a mail transport', () => {
  const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://negozi.example.it', SMTP_URL: 'smtp://mail.example.it:587' };

  it('refuses to start without SMTP_URL, saying why', () => {
    const { SMTP_URL: _omitted, ...noSmtp } = base;
    expect(() => loadConfig(noSmtp)).toThrow(/SMTP_URL: obbligatorio in produzione/);
  });

  it('refuses to start without PUBLIC_URL (the links in mails would point nowhere)', () => {
    const { PUBLIC_URL: _omitted, ...noUrl } = base;
    expect(() => loadConfig(noUrl)).toThrow(/PUBLIC_URL: obbligatorio in produzione/);
  });

  it('starts with both', () => {
    expect(loadConfig(base).production).toBe(true);
  });
});

describe(`the development outbox page (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // No SMTP_URL and not production: mails go to the outbox and /dev/mail exists.
    server = await startServer({ SMTP_URL: '' });
  });
  afterAll(async () => {
    await server.close();
  });

  async function requestReset() {
    const { email } = await createUser(server);
    expect((await client(server.url).post('/api/auth/recover', { email })).status).toBe(202);
    return email;
  }

  it('shows the mails to the developer on this computer', async () => {
    const email = await requestReset();
    const res = await client(server.url).get('/dev/mail');
    expect(res.status).toBe(200);
    expect(res.body).toContain(email);
    expect(res.body).toContain('/reset-password?token=');
  });

  it('answers 404 to any other machine, whatever it claims', async () => {
    await requestReset();
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '10.0.0.5', '::ffff:198.51.100.4']) {
      const res = await server.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).not.toContain('token=');
    }
  });

  it('answers 404 to a request relayed by a proxy on this machine', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }] as Array<Record<string, string>>) {
      const res = await client(server.url).get('/dev/mail', { headers });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('token=');
    }
  });

  it('answers 404 when the Host is not a local name (a DNS-rebinding page in the browser)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(404);
  });

  it('writes no link to the log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logged = await startServer({ SMTP_URL: '', LOG_LEVEL: 'trace' }, { logStream });
    try {
      const { email } = await createUser(logged);
      expect((await client(logged.url).post('/api/auth/recover', { email })).status).toBe(202);
      const outbox = await logged.ctx.db.selectFrom('outbox_mails').select('text').where('to_address', '=', email).executeTakeFirstOrThrow();
      const token = new URL(outbox.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get('token')!;
      expect(lines.some((l) => l.includes('mail in outbox'))).toBe(true);
      expect(lines.filter((l) => l.includes(token) || l.includes('reset-password?'))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe(`production never writes a mailed token or link to a log line (${engine})`, () => {
  it('through reset, e-mail change, verification and invitation mails', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const server = await startServer({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'trace' }, { logStream });
    try {
      // The outbox page does not exist in production (whatever the web app answers for the path).
      expect(JSON.stringify((await client(server.url).get('/dev/mail')).body)).not.toContain('Posta di sviluppo');
      const owner = await createUser(server);
      const newcomer = await createUser(server);
      const store = await createStoreFor(server, owner.id);
      const invited = uniqueEmail('invitato');
      const moved = uniqueEmail('spostato');
      expect((await newcomer.client.post('/api/auth/verify-email/send', {})).status).toBe(202);
      expect((await client(server.url).post('/api/auth/recover', { email: owner.email })).status).toBe(202);
      expect((await owner.client.post('/api/auth/email-change', { email: moved, password: owner.password })).status).toBe(202);
      expect((await owner.client.post(`/api/stores/${store.id}/team/invitations`, { email: invited })).status).toBe(201);
      const mails = await Promise.all([
        server.smtp.waitFor(newcomer.email, /Conferma/),
        server.smtp.waitFor(owner.email, /password/i),
        server.smtp.waitFor(moved, /nuova email/i),
        server.smtp.waitFor(invited, /Invito/),
      ]);
      const tokens = mails.map((m) => new URL(m.text.match(/https?:\/\/\S+\?token=[\w%-]+/)![0]).searchParams.get('token')!);
      // Something was logged (requests at trace level), but never a token or a link carrying one.
      expect(lines.length).toBeGreaterThan(10);
      for (const token of tokens) expect(lines.filter((l) => l.includes(token))).toEqual([]);
      expect(lines.filter((l) => /token=/.test(l))).toEqual([]);
      expect(linkIn(mails[1]!, '/reset-password')).toContain('token=');
    } finally {
      await server.close();
    }
  });
});
