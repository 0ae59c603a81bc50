import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { IMPORTS_PER_PROCESS, oneImportPerStore } from './import-gate.js';

const busyMessage = 'Un’altra importazione è in corso su questo server: riprova tra qualche secondo.';

/** An import that runs until `finish` is called. */
function held(storeId: string) {
  let finish!: () => void;
  const done = oneImportPerStore(null, storeId, () => new Promise<string>((resolve) => (finish = () => resolve(storeId))));
  return { done, finish: () => finish() };
}

describe('product import gates (one server process, no Redis)', () => {
  it('refuses a second import of the same store while one runs, with an Italian 429, and admits the next one after', async () => {
    const first = held('negozio-a');
    let secondRan = false;
    const second = oneImportPerStore(null, 'negozio-a', async () => {
      secondRan = true;
      return 'seconda';
    });
    await expect(second).rejects.toMatchObject({ status: 429, message: busyMessage });
    expect(secondRan).toBe(false);
    first.finish();
    await expect(first.done).resolves.toBe('negozio-a');
    await expect(oneImportPerStore(null, 'negozio-a', async () => 'terza')).resolves.toBe('terza');
  });

  it('lets other stores import at the same time, up to the per-process bound', async () => {
    const running = Array.from({ length: IMPORTS_PER_PROCESS }, (_, i) => held(`negozio-${i}`));
    await expect(oneImportPerStore(null, 'negozio-in-piu', async () => 'no')).rejects.toMatchObject({ status: 429, message: busyMessage });
    for (const r of running) r.finish();
    await Promise.all(running.map((r) => r.done));
    await expect(oneImportPerStore(null, 'negozio-in-piu', async () => 'sì')).resolves.toBe('sì');
  });

  it('lets the next import run after one fails', async () => {
    await expect(oneImportPerStore(null, 'negozio-b', () => Promise.reject(new AppError(400, 'validation', 'File non valido')))).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(oneImportPerStore(null, 'negozio-b', async () => 'dopo')).resolves.toBe('dopo');
  });
});
