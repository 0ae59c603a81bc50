import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiErrorBody } from '@vetrina/shared';
import type { ProductImportResult } from '@vetrina/shared/csv';
import type { Client } from './harness.js';

/**
 * CSV files for the import's tests: a large valid catalogue and the hostile files an audit sent
 * (docs/decisions/0034-csv-import-isolation.md). Each is built in memory, a few MB to 20 MB.
 */

/** A description as long HTML ones are (~2,000 characters, accents included). */
const description = (i: number) =>
  `"<p>Prodotto ${i}: ${'tessuto morbido, cuciture rinforzate, lavabile a 30°; '.repeat(34)}</p><ul><li>Taglia unica</li><li>Made in Italy</li></ul>"`;

/** `rows` simple products with long descriptions: 10,000 of them make a file of ~19.4 MB, within the 20 MB limit. */
export function largeCatalogue(rows = 10_000): Buffer {
  const lines = ['Handle,Title,Body (HTML),Variant SKU,Variant Price,Variant Inventory Qty,Type'];
  for (let i = 0; i < rows; i++) lines.push(`grande-${i},Prodotto grande ${i},${description(i)},GRANDE-${i},${(i % 90) + 1}.90,${i % 9},Categoria ${i % 15}`);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** The audit's files: each kills or stalls a server that reads the whole file at once without limits. */
export const csvBombs = {
  'a 12 MB header of commas': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price${','.repeat(12 * 1024 * 1024)}\r\nx,X,X-1,1\r\n`),
  '19 MB of newlines': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price\n${'\n'.repeat(19 * 1024 * 1024)}x,X,X-1,1\r\n`),
  '10,000 rows of 1,900 empty columns': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price\r\n${`x,X,X-1,1${','.repeat(1900)}\r\n`.repeat(10_000)}`),
  'a 20 MB single quoted field': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price\r\nx,"${'a'.repeat(20 * 1024 * 1024 - 100)}",X-1,1\r\n`),
  'deeply broken quoting': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price\r\n${'x,"a"b"c,X,1\r\n'.repeat(100_000)}`),
  '10 MB of quotes that never close': () => Buffer.from(`Handle,Title,Variant SKU,Variant Price\r\nx,${'"'.repeat(10 * 1024 * 1024 + 1)},X-1,1\r\n`),
} as const;

/** The file written to a temporary folder, for a process of its own to upload (removed with `remove`). */
export function fileOnDisk(bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-csv-'));
  const file = path.join(dir, 'prodotti.csv');
  fs.writeFileSync(file, bytes);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Uploads a file to the product import from a Node process of its own: the test process's event
 * loop then measures the server alone, not the client encoding 20 MB of multipart body. `sent`:
 * the whole body has left the client (the server has it a moment later); `done`: the answer.
 */
export function importFromAnotherProcess(url: string, token: string, file: string) {
  const script = `
    const boundary = '----vetrina-import';
    const body = Buffer.concat([
      Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="prodotti.csv"\\r\\nContent-Type: text/csv\\r\\n\\r\\n'),
      require('node:fs').readFileSync(process.env.CSV_FILE),
      Buffer.from('\\r\\n--' + boundary + '--\\r\\n'),
    ]);
    const headers = { authorization: 'Bearer ' + process.env.CSV_TOKEN, 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': body.length };
    const req = require('node:http').request(process.env.CSV_URL, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, body: JSON.parse(text) }) + '\\n'));
    });
    req.end(body, () => process.stdout.write('sent\\n'));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH ?? '', CSV_FILE: file, CSV_URL: url, CSV_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('sent\n')) markSent();
  });
  const done = (async () => {
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the uploading process exited with ${code}`);
    return JSON.parse(out.slice('sent\n'.length)) as { status: number; body: any };
  })();
  return { sent, done };
}

/** Uploads a CSV (text or raw bytes) to the import, as the dashboard does. */
export function importCsv(c: Client, base: string, file: string | Buffer, mode: 'preview' | 'apply') {
  const form = new FormData();
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'prodotti.csv');
  // The answer is the import's result, or the shared error shape when refused.
  return c.post<ProductImportResult & Partial<ApiErrorBody>>(`${base}/import/products?mode=${mode}`, form);
}

/** A shopper of another store asking for its product list every 20 ms until `stop`: each answer's status and time. */
export function shopProbe(url: string, slug: string) {
  const samples: Array<{ status: number; ms: number; at: number }> = [];
  let going = true;
  const t0 = performance.now();
  const done = (async () => {
    while (going) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${url}/api/public/stores/${slug}/products`);
        await res.arrayBuffer();
        status = res.status;
      } catch {
        // No answer at all (the server gone) counts as status 0.
      }
      samples.push({ status, ms: performance.now() - started, at: started - t0 });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    samples,
    worstMs: () => Math.max(0, ...samples.map((s) => s.ms)),
    async stop() {
      going = false;
      await done;
      return samples;
    },
  };
}
