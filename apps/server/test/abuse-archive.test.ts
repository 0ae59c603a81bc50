import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { romeDay } from '@vetrina/shared/shop-day';
import { invoicesRepo } from '../src/modules/invoices/repo.js';
import { client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';

const INVOICES = 2_000;
const month = romeDay(new Date()).slice(0, 7);

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string };

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Archivio');
  const api = `/api/stores/${store.id}`;
  const seller = {
    companyName: 'Bottega Archivio S.r.l.',
    vatNumber: '06363391001',
    taxCode: '',
    street: 'Via Dante 5',
    postalCode: '20121',
    city: 'Milano',
    province: 'MI',
    pec: 'archivio@pec.example.it',
    phone: '',
    email: 'info@archivio.example.it',
  };
  expect((await owner.put(`${api}/business`, seller)).status).toBe(200);
  const settings = { defaultVatCode: '22', fiscalRegime: 'RF01', autoIssue: false };
  expect((await owner.put(`${api}/invoice-settings`, settings)).status).toBe(200);
  // One invoice issued the real way; the month's other 1,999 are copies of it under their own numbers.
  const p = await insertProduct(server, store.id, { title: 'Borsa in pelle', priceCents: 2440, stock: 10 });
  const invoice = { kind: 'business', companyName: 'Rossi & Figli S.r.l.', vatNumber: 'IT12345678903', sdiCode: 'ABC1234' };
  const placed = await client(server.url).post(
    `/api/public/stores/${store.slug}/checkout`,
    checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 2440 }], { invoice }),
  );
  expect(placed.status).toBe(201);
  const issued = await owner.post(`${api}/orders/${placed.body.orderId}/invoice`);
  expect(issued.status).toBe(201);
  const { db } = server.ctx;
  const first = await db.selectFrom('invoices').selectAll().where('id', '=', issued.body.invoice.id).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let seq = first.seq + 1; seq < first.seq + INVOICES; seq++) {
      const number = `${first.year}/${String(seq).padStart(4, '0')}`;
      await invoicesRepo(trx).insert({
        ...first,
        id: crypto.randomUUID(),
        seq,
        number,
        file_name: first.file_name.replace(/_[^_]+\.xml$/, `_${seq.toString(36).padStart(5, '0')}.xml`),
        xml: first.xml.replaceAll(first.number, number),
        document: first.document.replaceAll(first.number, number),
      });
    }
  });
});
afterAll(async () => {
  await server?.close();
});

describe(`the month's ZIP of ${INVOICES} invoices (${engine})`, () => {
  it('streams every XML and the summary while the server keeps answering, with bounded memory', async () => {
    // How late the event loop (the server's: it runs in this process) runs a 5 ms timer, all through the download.
    let worstLag = 0;
    let last = performance.now();
    // The process's peak resident memory (KB): a peak inside one synchronous call is caught too.
    const peakBefore = process.resourceUsage().maxRSS;
    const probe = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 5);
      last = now;
    }, 5);
    const res = await fetch(`${server.url}/api/stores/${store.id}/invoices/export?month=${month}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body!) chunks.push(chunk);
    clearInterval(probe);
    const peakGrowth = (process.resourceUsage().maxRSS - peakBefore) * 1024;

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fatture-${month}.zip"`);
    const rows = await server.ctx.db.selectFrom('invoices').select(['number', 'file_name', 'xml']).where('store_id', '=', store.id).execute();
    expect(rows).toHaveLength(INVOICES);
    const files = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(files)).toHaveLength(INVOICES + 1);
    for (const r of rows) expect(strFromU8(files[r.file_name]!)).toBe(r.xml);
    const csv = strFromU8(files[`riepilogo-${month}.csv`]!).trim().split('\r\n');
    expect(csv).toHaveLength(INVOICES + 1);
    expect(csv[0]).toContain('Numero');
    // In numbering order, each row naming its document and file.
    const byNumber = [...rows].sort((a, b) => a.number.localeCompare(b.number));
    csv.slice(1).forEach((line, i) => {
      expect(line.startsWith(`${byNumber[i]!.number};Fattura;`)).toBe(true);
      expect(line.endsWith(byNumber[i]!.file_name)).toBe(true);
    });

    // Built whole on the request thread (before), the same download stalled every request for
    // 370-1,150 ms here and raised the peak memory by 52 MB. Streamed: 50-140 ms at worst on a
    // busy 2-core machine (pages of 50 take 5-10 ms; the rest is the machine), 0-12 MB on SQLite
    // and up to 32 MB on PostgreSQL (its driver's buffers, collected late), against 52 MB built whole.
    console.log(`month ZIP of ${INVOICES}: worst event-loop lag ${worstLag.toFixed(0)} ms, peak memory +${(peakGrowth / 1e6).toFixed(1)} MB`);
    expect(worstLag).toBeLessThan(250);
    expect(peakGrowth).toBeLessThan(40e6);
  });

  it('a month without invoices is a ZIP with the summary header only; a bad month is refused', async () => {
    const res = await fetch(`${server.url}/api/stores/${store.id}/invoices/export?month=2020-01`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['riepilogo-2020-01.csv']);
    expect(strFromU8(files['riepilogo-2020-01.csv']!).trim().split('\r\n')).toHaveLength(1);
    const bad = await owner.get(`/api/stores/${store.id}/invoices/export?month=2020-13`);
    expect(bad.status).toBe(400);
  });
});
