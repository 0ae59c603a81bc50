import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { oneImportAtATime } from './import-gate.js';

describe('one product import at a time per server', () => {
  it('refuses a second import while one runs, with an Italian 429, and admits the next one after', async () => {
    let finish!: () => void;
    const first = oneImportAtATime(() => new Promise<string>((resolve) => (finish = () => resolve('prima'))));
    let secondRan = false;
    const second = oneImportAtATime(async () => {
      secondRan = true;
      return 'seconda';
    });
    await expect(second).rejects.toMatchObject({
      status: 429,
      message: 'Un’altra importazione è in corso su questo server: riprova tra qualche secondo.',
    });
    expect(secondRan).toBe(false);
    finish();
    await expect(first).resolves.toBe('prima');
    await expect(oneImportAtATime(async () => 'terza')).resolves.toBe('terza');
  });

  it('lets the next import run after one fails', async () => {
    await expect(oneImportAtATime(() => Promise.reject(new AppError(400, 'bad', 'File non valido')))).rejects.toBeInstanceOf(AppError);
    await expect(oneImportAtATime(async () => 'dopo')).resolves.toBe('dopo');
  });
});
