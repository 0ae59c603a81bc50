import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from './harness.js';
import { createProduct, merchant } from './catalog-fixtures.js';
import { fileOnDisk, importFromAnotherProcess, largeCatalogue, shopProbe } from './csv-files.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe(`a 20 MB import does not hold the server (${engine})`, () => {
  it('serves another store’s shop within a bound while 10,000 products with long descriptions are read, checked and written', async () => {
    const neighbour = await merchant(server, 'Bottega Vicina');
    await createProduct(neighbour.client, neighbour.base, { title: 'Tazza', status: 'active' });
    const importer = await merchant(server, 'Bottega Ventimega');
    const bytes = largeCatalogue();
    expect(bytes.length).toBeGreaterThan(19 * 1024 * 1024);
    const upload = fileOnDisk(bytes);

    // The shop's first answer (its page data loaded cold) is not the import's doing.
    expect((await fetch(`${server.url}/api/public/stores/${neighbour.store.slug}/products`)).status).toBe(200);
    const shopper = shopProbe(server.url, neighbour.store.slug);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const res = await importFromAnotherProcess(`${server.url}${importer.base}/import/products?mode=apply`, importer.client.token ?? '', upload.file).done;
    const importMs = performance.now() - started;
    loop.disable();
    await shopper.stop();
    upload.remove();

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, rows: 10_000, products: { create: 10_000 } });
    expect((await importer.client.get(`${importer.base}/products`)).body.total).toBe(10_000);
    expect(shopper.samples.every((s) => s.status === 200)).toBe(true);
    // The shopper runs in this process too: a blocked event loop shows as a long wait between two of its answers.
    const gaps = shopper.samples.slice(1).map((s, i) => s.at + s.ms - (shopper.samples[i]!.at + shopper.samples[i]!.ms));
    const stall = loop.max / 1e6;
    console.info(
      `[csv] 20 MB import in ${importMs.toFixed(0)} ms (${engine}); the shop answered ${shopper.samples.length} times, worst ${shopper.worstMs().toFixed(0)} ms, longest wait between answers ${Math.max(...gaps).toFixed(0)} ms; longest event-loop stall ${stall.toFixed(0)} ms`,
    );
    // Reading the file on this thread stalled it for 1.7 s (same machine, same load); the import's
    // own steps take 30-80 ms each, the rest is this busy machine (docs/decisions/0034-csv-import-isolation.md).
    expect(stall).toBeLessThan(750);
    expect(Math.max(...gaps)).toBeLessThan(750);
  }, 120_000);
});
