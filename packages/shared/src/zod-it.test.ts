import { describe, expect, it } from 'vitest';
import { z } from './zod-it.js';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('the Italian default messages', () => {
  it('say 1 carattere and 1 elemento, in the singular', () => {
    const name = z.object({ nome: z.string().min(1) });
    expect(message(name, { nome: '' })).toBe('Il campo nome deve contenere almeno 1 carattere');
    expect(message(z.object({ righe: z.array(z.string()).min(1) }), { righe: [] })).toBe('Il campo righe deve contenere almeno 1 elemento');
    expect(message(z.object({ sigla: z.string().max(1) }), { sigla: 'MI' })).toBe('Il campo sigla supera 1 carattere');
    expect(message(z.object({ righe: z.array(z.string()).max(1) }), { righe: ['a', 'b'] })).toBe('Il campo righe può contenere al massimo 1 elemento');
  });
  it('keep the plural for the other bounds', () => {
    expect(message(z.object({ nome: z.string().min(2) }), { nome: 'x' })).toBe('Il campo nome deve contenere almeno 2 caratteri');
    expect(message(z.object({ righe: z.array(z.string()).max(3) }), { righe: ['a', 'b', 'c', 'd'] })).toBe(
      'Il campo righe può contenere al massimo 3 elementi',
    );
  });
});
