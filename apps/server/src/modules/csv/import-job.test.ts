import { describe, expect, it } from 'vitest';
import type { StoreState } from './import-plan.js';
import { importWorkerFile, planInWorker } from './import-job.js';

const emptyStore = async (): Promise<StoreState> => ({ existing: new Map(), slugs: new Set(), skuOwners: new Map(), categories: [] });
const rows = (n: number) =>
  Buffer.from(
    [
      'Handle,Title,Body (HTML),Variant SKU,Variant Price',
      ...Array.from({ length: n }, (_, i) => `p-${i},Prodotto ${i},${'testo '.repeat(200)},S-${i},1.50`),
    ].join('\n'),
  );

describe('the import’s worker thread', () => {
  it('reads and checks a file off the request thread and answers the plan, asking only for what the file names', async () => {
    const asked: Array<{ handles: string[]; skus: string[] }> = [];
    const plan = await planInWorker(rows(3), async (names) => (asked.push(names), emptyStore()));
    expect(asked).toEqual([{ handles: ['p-0', 'p-1', 'p-2'], skus: ['S-0', 'S-1', 'S-2'] }]);
    expect(plan.errors).toEqual([]);
    expect(plan.products.map((p) => [p.line, p.data.sku, p.data.priceCents])).toEqual([
      [2, 'S-0', 150],
      [3, 'S-1', 150],
      [4, 'S-2', 150],
    ]);
  });

  it('answers a refused file with its Italian message and status', async () => {
    await expect(planInWorker(Buffer.from('Nome,Prezzo\nx,1\n'), emptyStore)).rejects.toMatchObject({
      status: 400,
      message: 'Manca la colonna «Title» nella prima riga del file',
    });
  });

  it('answers a file that exhausts the worker’s heap with an Italian 400, and this process goes on', async () => {
    const tooSmall = { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 };
    await expect(planInWorker(rows(10_000), emptyStore, tooSmall)).rejects.toMatchObject({
      status: 400,
      message:
        'Il file è troppo complesso da leggere: controlla che sia un CSV di prodotti (separatore, virgolette) oppure dividilo in più file e importali uno alla volta.',
    });
    // The next import gets a fresh worker.
    await expect(planInWorker(rows(1), emptyStore)).resolves.toMatchObject({ errors: [] });
  });

  it('finds the worker beside the bundle, or its TypeScript source when running from the sources', () => {
    expect(importWorkerFile('file:///srv/vetrina/apps/server/dist/main.js').href).toBe('file:///srv/vetrina/apps/server/dist/csv-import-worker.js');
    expect(importWorkerFile('file:///srv/vetrina/apps/server/src/modules/csv/import-job.ts').href).toBe(
      'file:///srv/vetrina/apps/server/src/modules/csv/import-worker-dev.mjs',
    );
  });
});
