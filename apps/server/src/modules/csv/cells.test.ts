import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, restoreNeutralised } from './cells.js';
import { csvDialect } from './dialect.js';
import { detectDelimiter } from './read.js';
import { romeDayStart } from '@vetrina/shared/shop-day';

describe('CSV cells', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and the import takes the apostrophe back', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+39 333', '-5', '@SUM(A1)', '\tTab', '\rCR']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
    }
    expect(neutraliseFormula('Tazza')).toBe('Tazza');
    // An apostrophe the merchant typed in front of ordinary text stays.
    expect(restoreNeutralised("'anni '90")).toBe("'anni '90");
  });

  it('quotes separators, quotes and line breaks, and ends lines with CRLF', () => {
    expect(csvCell('Tazza "grande", 350 ml')).toBe('"Tazza ""grande"", 350 ml"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('riga\nnuova')).toBe('"riga\nnuova"');
    expect(csvDialect('intl').line(['a', 12, null, '=1+1'])).toBe("a,12,,'=1+1\r\n");
    expect(csvDialect('it').line(['a', 12, null, '=1+1', 'x;y'])).toBe('a;12;;\'=1+1;"x;y"\r\n');
    expect([csvDialect('it').money(123450), csvDialect('intl').money(123450), csvDialect('it').money(null)]).toEqual(['1234,50', '1234.50', '']);
    expect([csvDialect('it').start, csvDialect('intl').start]).toEqual(['\uFEFF', '']);
  });

  it('finds the separator in the header row', () => {
    expect(detectDelimiter('Handle;Title;"Body, (HTML)"\nx,y,z,w')).toBe(';');
    expect(detectDelimiter('Handle,Title,"a;b;c"\n')).toBe(',');
  });

  it('knows when an Italian day begins, across the clock changes', () => {
    expect(romeDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(romeDayStart('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
    expect(romeDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(romeDayStart('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(romeDayStart('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(romeDayStart('2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
  });
});
