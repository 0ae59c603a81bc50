import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural.js';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'variante', 'varianti')).toBe('1 variante');
    expect(plural(0, 'variante', 'varianti')).toBe('0 varianti');
    expect(plural(2, 'variante', 'varianti')).toBe('2 varianti');
    expect(plural(1.5, 'pezzo', 'pezzi')).toBe('1,5 pezzi');
  });
  it('formats large counts the Italian way', () => {
    expect(plural(1250, 'prodotto', 'prodotti')).toBe('1.250 prodotti');
    expect(plural(1_000_000, 'ordine', 'ordini')).toBe('1.000.000 ordini');
  });
  it('gives the word alone for phrases that place the number elsewhere', () => {
    expect(pluralWord(1, 'prodotto trovato', 'prodotti trovati')).toBe('prodotto trovato');
    expect(pluralWord(3, 'prodotto trovato', 'prodotti trovati')).toBe('prodotti trovati');
  });
});
