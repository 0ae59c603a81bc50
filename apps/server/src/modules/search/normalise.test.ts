import { describe, expect, it } from 'vitest';
import { foldText, parseSearchQuery, searchTerms, sortTitle, stemItalian, storeTermText, storeWordPrefix, termText } from './normalise.js';

describe('search normaliser', () => {
  it('folds accents and case, and splits on anything that is not a letter or digit', () => {
    expect(foldText('Caffè ÀRABICA Perché')).toBe('caffe arabica perche');
    expect(foldText('Straße Œuvre')).toBe('strasse oeuvre');
    expect(searchTerms('"scarpe" AND (rosse*) NEAR/2 -borsa')).toEqual(['scarp', 'and', 'ross', 'near', '2', 'bors']);
    expect(searchTerms('🙂🙂🙂')).toEqual([]);
  });

  it('brings singular and plural, masculine and feminine to one stem', () => {
    const same = [
      ['scarpa', 'scarpe'],
      ['rosso', 'rossa', 'rossi', 'rosse'],
      ['caffè', 'caffe'],
      ['negozio', 'negozi'],
      ['camicia', 'camicie'],
      ['tasca', 'tasche'],
      ['lago', 'laghi'],
      ['bianco', 'bianca', 'bianchi', 'bianche'],
      ['colazione', 'colazioni'],
      ['occhio', 'occhi'],
    ];
    for (const forms of same) {
      const stems = new Set(forms.map((f) => stemItalian(foldText(f))));
      expect(stems.size, forms.join('/')).toBe(1);
    }
    expect(stemItalian('bellissima')).toBe('bell');
  });

  it('leaves short words, numbers and codes alone', () => {
    expect(stemItalian('via')).toBe('via');
    expect(stemItalian('2024')).toBe('2024');
    expect(stemItalian('art13')).toBe('art13');
    expect(termText('SKU-0001', 'Borsa borsa')).toBe('sku 0001 bors');
  });

  it('reads the last typed word as a prefix, the others as whole words', () => {
    expect(parseSearchQuery('Scarpe ros')).toEqual({ words: ['scarp'], prefix: 'ros' });
    expect(parseSearchQuery('caffè')).toEqual({ words: [], prefix: 'caff' });
    expect(parseSearchQuery('"""((*')).toBeNull();
    expect(parseSearchQuery('')).toBeNull();
  });

  it('leaves out articles, prepositions and conjunctions, also cut before an apostrophe', () => {
    expect(searchTerms("Borsa in pelle per la casa, dell'olio e d'oro")).toEqual(['bors', 'pell', 'cas', 'oli', 'oro']);
    expect(termText('Set di 2 tazze', 'TAZ-DI-2')).toBe('set 2 tazz taz');
    expect(parseSearchQuery('borsa di pelle')).toEqual({ words: ['bors'], prefix: 'pell' });
    // An article being typed narrows nothing until its word follows; alone it is the start of one.
    expect(parseSearchQuery('borsa di')).toEqual({ words: ['bors'], prefix: null });
    expect(parseSearchQuery('la')).toEqual({ words: [], prefix: 'la' });
    expect(parseSearchQuery('la ')).toBeNull();
    expect(parseSearchQuery('della pasta ')).toEqual({ words: ['past'], prefix: null });
  });

  it('gives a name sort key without accents or punctuation', () => {
    expect(sortTitle('  Éclair — al CIOCCOLATO!')).toBe('eclair al cioccolato');
  });
});

describe("a store's indexed words", () => {
  it('carry the store’s own mark: the same for one store, another for another store', () => {
    const a = storeWordPrefix('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    const b = storeWordPrefix('550e8400-e29b-41d4-a716-446655440000');
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(b).toMatch(/^[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(storeWordPrefix('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(a);
    expect(storeTermText('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Scarpe rosse', 'scarpa')).toBe(`${a}scarp ${a}ross`);
  });
});
