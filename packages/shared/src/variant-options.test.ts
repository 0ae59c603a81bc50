import { describe, expect, it } from 'vitest';
import { combinationCount, optionCombinations, optionsProblem, suggestVariantSku, valuesFromAttributes } from './variant-options.js';

describe('variant options', () => {
  const options = [
    { name: 'Colore', values: ['Rosso', 'Blu'] },
    { name: 'Taglia', values: ['S', 'M', 'L'] },
  ];
  it('makes every combination in the options’ order', () => {
    expect(combinationCount(options)).toBe(6);
    expect(optionCombinations(options).map((c) => c.join('/'))).toEqual(['Rosso/S', 'Rosso/M', 'Rosso/L', 'Blu/S', 'Blu/M', 'Blu/L']);
    expect(optionCombinations([])).toEqual([]);
  });
  it('suggests the SKU from the product’s SKU and the values', () => {
    expect(suggestVariantSku('MAGLIA', ['Rosso', 'M'])).toBe('MAGLIA-ROSSO-M');
    expect(suggestVariantSku('tazza', ['Caffè lungo', 'Ø 8 cm'])).toBe('TAZZA-CAFFE-LUNGO-8-CM');
    expect(suggestVariantSku('A'.repeat(60), ['Rosso']).length).toBeLessThanOrEqual(64);
  });
  it('matches a variant’s attributes to the options in any case', () => {
    expect(valuesFromAttributes(options, { colore: 'Blu', TAGLIA: 'M' })).toEqual(['Blu', 'M']);
    expect(valuesFromAttributes(options, { Colore: 'Blu' })).toBeNull();
  });
  it('names the first broken rule', () => {
    expect(optionsProblem(options)).toBeNull();
    expect(optionsProblem([{ name: 'Colore', values: [] }])).toBe('L’opzione "Colore" non ha valori: aggiungine almeno uno');
    expect(optionsProblem([{ name: 'Colore', values: ['Blu', 'BLU'] }])).toBe('Il valore "BLU" è ripetuto nell’opzione "Colore"');
  });
});
