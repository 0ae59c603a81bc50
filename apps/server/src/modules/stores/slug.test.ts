import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Il mio negozio', 'il-mio-negozio'],
    ['Caffè & Dolci', 'caffe-dolci'],
    ['  Ünïcödé   Shop!! ', 'unicode-shop'],
    ['Mio_Negozio--Bello', 'mio-negozio-bello'],
    ["L'Òrto di Nonna", 'lorto-di-nonna'],
    ['Negozio 2026', 'negozio-2026'],
    ['!!!', 'store'],
    ['日本の店', 'store'],
  ])('%j → %s', (name, slug) => expect(slugify(name)).toBe(slug));

  it('stays within 50 characters and never ends with a hyphen', () => {
    const slug = slugify(`${'parola '.repeat(7)}fine`);
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug).not.toMatch(/-$/);
  });
});
