/**
 * npm run bench — load benchmarks (not part of the test run). Starts the server on a temporary
 * SQLite database seeded with a store of 1,000 active products and measures, with one load tool
 * (autocannon) in one run: a bare node:http hello-world (this machine's ceiling), the storefront
 * product list, product detail, checkout (rate limit lifted), and the storefront's first-load JS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { benchServerEnv, startMailCatcher } from './app-server.js';
import { benchWeb, saveWeb } from './web.js';
// The same computation the build's budget check makes (one home).
import { BUDGET_KB, firstLoadJs, PAGES } from '../apps/web/scripts/js-budget.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// autocannon 9 appends every response body to a string (for onResponse hooks, which this bench does
// not use). Decoding compressed pages that way cost the load tool more CPU than the server spent
// answering them, on the same two cores: the bench measured its own tool. Bodies are counted
// (bytes, status) but no longer decoded.
const requestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody: (data: Buffer) => void } };
requestsQueue.prototype.addBody = () => {};
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SERVER = ['--enable-source-maps', 'apps/server/dist/main.js'];
const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-bench-'));
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;

function startChild(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}
/** The most memory a process has held (its peak resident set, Linux), in MB. */
function peakRssMb(child: ChildProcess) {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      // Read to the end: an unread answer would keep its connection busy, and the server's shutdown waiting.
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function seed(slug: string) {
  const db = new Database(path.join(dataDir, 'vetrina.db'));
  db.pragma('busy_timeout = 5000');
  const now = Date.now();
  const storeId = randomUUID();
  const categoryIds = ['Elettronica', 'Casa', 'Sport', 'Libri'].map((name) => ({ id: randomUUID(), name }));
  const productIds: string[] = [];
  const productSlugs: string[] = [];
  db.transaction(() => {
    db.prepare(`insert into stores (id, name, slug, colors, theme_id, created_at) values (?, 'Negozio Bench', ?, '{"primary":"#8B5CF6","secondary":"#F97316","accent":"#10B981"}', 'theme-moderno', ?)`).run(storeId, slug, new Date(now).toISOString());
    for (const c of categoryIds) db.prepare('insert into categories (id, store_id, name, slug, created_at) values (?, ?, ?, ?, ?)').run(c.id, storeId, c.name, c.name.toLowerCase(), new Date(now).toISOString());
    const product = db.prepare(`insert into products (id, store_id, title, slug, description, price_cents, sku, category_id, status, image_urls, created_at, updated_at) values (?, ?, ?, ?, ?, 1999, ?, ?, 'active', '[]', ?, ?)`);
    const sku = db.prepare('insert into store_skus (store_id, sku, product_id) values (?, ?, ?)');
    const unit = db.prepare('insert into inventory (id, store_id, product_id, variant_id, qty, reserved) values (?, ?, ?, null, 1000000000, 0)');
    for (let i = 0; i < 1000; i++) {
      const id = randomUUID();
      const at = new Date(now + i).toISOString();
      product.run(id, storeId, `Prodotto ${i + 1}`, `prodotto-${i + 1}`, 'Un prodotto per il benchmark.', `SKU-${String(i + 1).padStart(4, '0')}`, categoryIds[i % categoryIds.length]!.id, at, at);
      sku.run(storeId, `SKU-${String(i + 1).padStart(4, '0')}`, id);
      unit.run(randomUUID(), storeId, id);
      productIds.push(id);
      productSlugs.push(`prodotto-${i + 1}`);
    }
  })();
  db.close();
  return { storeId, productIds, productSlugs };
}

interface Result {
  name: string;
  requestsPerSec: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}
async function load(name: string, opts: autocannon.Options): Promise<Result> {
  const r = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  return { name, requestsPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Every script the page fetched until the network went idle, deferred chunks included (for information). */
async function storefrontJsKb(baseUrl: string, slug: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const page = await browser.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length).catch(() => 0));
  });
  await page.goto(`${baseUrl}/store/${slug}`, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(scripts);
  await browser.close();
  return Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
}

async function main() {
  // The server runs as npm start runs it: compiled JavaScript, web app built.
  console.log('Building…');
  await new Promise<void>((resolve, reject) => spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).on('exit', (c) => (c === 0 ? resolve() : reject(new Error('build failed')))));
  const bare = 29100;
  const app = 29101;
  startChild(['-e', `require('http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello'); }).listen(${bare}, '127.0.0.1')`], {});
  mail = await startMailCatcher();
  const server = startChild(SERVER, benchServerEnv({ port: app, dataDir, smtpUrl: mail.url }));
  // A second instance with its page cache off: every page request renders. Both bind their ports
  // now, before the load tool's client sockets take ephemeral ports.
  // It starts once the first has created the database.
  const uncachedPort = 29102;
  await waitFor(`http://127.0.0.1:${bare}/`);
  await waitFor(`http://127.0.0.1:${app}/api/docs/json`);
  const uncached = startChild(SERVER, { ...benchServerEnv({ port: uncachedPort, dataDir, smtpUrl: mail.url }), PUBLIC_CACHE_MS: '0' });
  await waitFor(`http://127.0.0.1:${uncachedPort}/api/docs/json`);
  const slug = 'negozio-bench';
  const { productIds, productSlugs } = seed(slug);
  const base = `http://127.0.0.1:${app}`;

  console.log(`Measuring ${DURATION} s each at ${CONNECTIONS} connections…`);
  const results: Result[] = [];
  results.push(await load('bare node:http (ceiling)', { url: `http://127.0.0.1:${bare}/` }));
  results.push(await load('storefront product list', { url: `${base}/api/public/stores/${slug}/products` }));
  let n = 0;
  results.push(
    await load('product detail', {
      url: base,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/public/stores/${slug}/products/${productSlugs[n++ % 200]}` }) }],
    }),
  );
  results.push(
    await load('checkout (orders/s)', {
      url: base,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const productId = productIds[n++ % productIds.length]!;
            const body = {
              items: [{ productId, variantId: null, quantity: 1, unitPriceCents: 1999 }],
              customer: { customerName: 'Cliente Bench', customerEmail: 'bench@example.it', street: 'Via del Test 1', city: 'Roma', postalCode: '00100' },
              country: 'Italia',
              subtotalCents: 1999,
              shippingCents: 599,
              totalCents: 2598,
              idempotencyKey: randomUUID(),
            };
            return { ...req, path: `/api/public/stores/${slug}/checkout`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
          },
        },
      ],
    }),
  );
  // Server-rendered product pages: the same few pages again and again (from the page cache), then
  // a different product each request on an instance whose cache is off (every request renders).
  // Like every browser and crawler, the load tool accepts compressed pages.
  const browserLike = { 'accept-encoding': 'gzip, deflate, br' };
  results.push(
    await load('product page HTML, cached', {
      url: base,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: browserLike, path: `/store/${slug}/products/${productSlugs[n++ % 20]}` }) }],
    }),
  );
  results.push(
    await load('product page HTML, rendered each request', {
      url: `http://127.0.0.1:${uncachedPort}`,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: browserLike, path: `/store/${slug}/products/${productSlugs[n++ % productSlugs.length]}` }) }],
    }),
  );
  const rssMb = Math.max(peakRssMb(server) ?? 0, peakRssMb(uncached) ?? 0);
  const allJsKb = await storefrontJsKb(base, slug);
  const firstLoad = Object.fromEntries(Object.entries(PAGES).map(([name, modules]) => [name, firstLoadJs(modules)]));
  const jsKb = Math.max(...Object.entries(firstLoad).filter(([name]) => name.startsWith('storefront')).map(([, kb]) => kb));

  const ceiling = results[0]!.requestsPerSec;
  const list = results[1]!;
  const checkout = results[3]!;
  const pageCached = results[4]!;
  const pageRendered = results[5]!;
  const targets = [
    { target: 'product list ≥ 35% of the ceiling', value: `${Math.round((list.requestsPerSec / ceiling) * 100)}%`, ok: list.requestsPerSec >= 0.35 * ceiling },
    { target: 'product list p99 ≤ 25 ms', value: `${list.p99Ms} ms`, ok: list.p99Ms <= 25 },
    { target: 'checkout ≥ 500 orders/s', value: `${checkout.requestsPerSec}/s`, ok: checkout.requestsPerSec >= 500 },
    { target: 'product page HTML from the cache ≥ 30% of the ceiling', value: `${Math.round((pageCached.requestsPerSec / ceiling) * 100)}%`, ok: pageCached.requestsPerSec >= 0.3 * ceiling },
    { target: 'product pages rendered each request ≥ 500/s', value: `${pageRendered.requestsPerSec}/s`, ok: pageRendered.requestsPerSec >= 500 },
    { target: 'rendered product pages p99 ≤ 100 ms', value: `${pageRendered.p99Ms} ms`, ok: pageRendered.p99Ms <= 100 },
    { target: 'server peak RSS ≤ 150 MB', value: `${rssMb} MB`, ok: rssMb > 0 && rssMb <= 150 },
    { target: `storefront first-load JS ≤ ${BUDGET_KB} KB gzip (heaviest storefront page)`, value: `${jsKb} KB`, ok: jsKb <= BUDGET_KB },
  ];
  const out = { date: new Date().toISOString(), machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`, durationSec: DURATION, connections: CONNECTIONS, results, serverPeakRssMb: rssMb, storefrontFirstLoadJsKbGzip: jsKb, firstLoadJsKbGzipByPage: firstLoad, storefrontAllJsUntilIdleKbGzip: allJsKb, targets };
  fs.writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.table(results);
  console.table(targets);
  console.log(`Storefront JS fetched until network idle (deferred chunks included): ${allJsKb} KB gzip`);
  console.log(`Order mails received by the local SMTP catcher: ${mail.received}`);
  if (process.env.BENCH_WEB !== '0') {
    console.log('Lighthouse (npm run bench:web) on a sample-data store…');
    const web = await benchWeb({ base });
    saveWeb(web);
    console.table(web.targets);
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    // Wait for every server to stop (SIGKILL after 3 s), so the next run finds its ports free.
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const force = setTimeout(() => c.kill('SIGKILL'), 3000);
            c.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    await mail?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
