import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';

/** A hashed script of the public build (built by the integration suite's global setup). */
function publicScript() {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../web/dist/public/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest['public.html']!.file}`;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The page policy: only this origin's scripts, and the page's own inline scripts by their hash
 * (each hash one of the page's scripts, so no other inline text can run); no plugins, no framing.
 */
function expectPageCsp(headers: Headers, body: string, where: string) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );
  const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  expect(directives.get('script-src'), where).toEqual(["'self'", ...inline]);
  expect(directives.get('object-src'), where).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(directives.get('default-src'), where).toEqual(["'self'"]);
}
function expectFixedHeaders(headers: Headers, where: string) {
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), where).toBe('DENY');
}

describe(`security headers behind an https address (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: 'https://negozi.example.it' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('puts the Content-Security-Policy on every HTML page, whoever serves it', async () => {
    const c = client(server.url);
    const pages: Array<[string, number]> = [
      ['/', 200],
      ['/faq', 200],
      ['/login', 200],
      ['/dashboard/orders', 200],
      ['/store/x', 404],
      ['/store/x/checkout', 404],
      ['/pagina-inesistente', 404],
      ['/api/docs', 200],
      ['/api/docs/', 200],
    ];
    for (const [url, status] of pages) {
      const res = await c.get(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expectPageCsp(res.headers, String(res.body), url);
      // The server-rendered pages carry one inline script (it keeps taps made before the page is
      // interactive), allowed by its hash; the dashboard's page and Swagger UI carry none.
      const rendered = !/^\/(login|dashboard|api)/.test(url);
      expect(/<script>/.test(String(res.body)), url).toBe(rendered);
      expectFixedHeaders(res.headers, url);
      expect(res.headers.get('strict-transport-security'), url).toBe(HSTS);
    }
  });

  it('serves Swagger UI whose page only runs its own same-origin scripts', async () => {
    const page = await client(server.url).get('/api/docs');
    const scripts = [...String(page.body).matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.match(/src="([^"]+)"/)?.[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'an inline script would be blocked by the policy').toBeDefined();
      const asset = await fetch(new URL(src!, `${server.url}/api/docs`));
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type'), src).toMatch(/javascript/);
      await asset.arrayBuffer();
    }
    const spec = await client(server.url).get('/api/docs/json');
    expect(spec.body.info.title).toBe('Vetrina API');
  });

  it('gives the fixed headers and HSTS to every other answer, without a page policy', async () => {
    const c = client(server.url);
    for (const url of [publicScript(), '/robots.txt', '/api/docs/json', '/api/public/stores/nessuno', '/api/non-esiste']) {
      const res = await c.get(url);
      expectFixedHeaders(res.headers, url);
      expect(res.headers.get('strict-transport-security'), url).toBe(HSTS);
      expect(res.headers.get('content-security-policy'), url).toBeNull();
    }
  });

  it('forbids caching of signed-in answers and of everything under /api/auth', async () => {
    const user = await createUser(server);
    const store = await createStoreFor(server, user.id, 'Negozio Intestazioni');
    const signedIn = [await user.client.get('/api/auth/user'), await user.client.get(`/api/stores/${store.id}/orders`)];
    for (const res of signedIn) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const anonymous = client(server.url);
    const auth = [
      await anonymous.post('/api/auth/login', { email: user.email, password: user.password }),
      await anonymous.post('/api/auth/refresh'),
      await client(server.url).post('/api/auth/refresh'),
      await client(server.url).get('/api/auth/user'),
      await client(server.url).get(`/api/stores/${store.id}/orders`),
      await client(server.url).get('/api/auth/non-esiste'),
    ];
    expect(auth.map((r) => r.status)).toEqual([200, 200, 401, 401, 401, 404]);
    for (const res of auth) expect(res.headers.get('cache-control')).toBe('no-store');
    // Public storefront reads keep their short public cache.
    const publicRead = await client(server.url).get(`/api/public/stores/${store.slug}`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get('cache-control')).toBe('public, max-age=2');
  });
});

describe(`security headers on a plain http address (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // No SMTP_URL, as on a developer's machine: the development outbox page is served.
    server = await startServer({ SMTP_URL: '' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends no HSTS, and gives the development outbox page the page policy', async () => {
    const c = client(server.url);
    const mail = await c.get('/dev/mail');
    expect(mail.status).toBe(200);
    expect(mail.body).toContain('Posta di sviluppo');
    expectPageCsp(mail.headers, String(mail.body), '/dev/mail');
    for (const res of [mail, await c.get('/api/docs'), await c.get('/api/docs/json')]) {
      expectFixedHeaders(res.headers, 'http');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});
