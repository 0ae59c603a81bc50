import { csvCell } from './cells.js';

/** 'it': what Italian Excel opens in columns; 'intl': what Shopify and English spreadsheets expect. */
export type CsvDialectName = 'it' | 'intl';

export interface CsvDialect {
  name: CsvDialectName;
  /** Prefix of the file: a BOM for Italian Excel (accents intact), nothing for the international form. */
  start: string;
  /** One CRLF-terminated line, cells quoted when they hold either separator, a quote or a line break. */
  line(cells: ReadonlyArray<string | number | null | undefined>): string;
  /** Cents as euros with two decimals: '12,90' or '12.90'; null is an empty cell. */
  money(cents: number | null | undefined): string;
}

/** The byte order mark that makes Excel open the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

/**
 * The one home of the CSV dialects (docs/decisions/0045-italian-practice.md): every export writes
 * through one of these. Italian Excel splits columns on ';' and reads '12,90' as a number; with
 * commas and dots it shows the whole line in one column.
 */
export function csvDialect(name: CsvDialectName): CsvDialect {
  const separator = name === 'it' ? ';' : ',';
  return {
    name,
    start: name === 'it' ? UTF8_BOM : '',
    line: (cells) => `${cells.map(csvCell).join(separator)}\r\n`,
    money: (cents) => {
      if (cents === null || cents === undefined) return '';
      const text = (cents / 100).toFixed(2);
      return name === 'it' ? text.replace('.', ',') : text;
    },
  };
}

/** The `format` query option to a dialect: Italian unless 'internazionale' is asked. */
export const dialectOf = (format: 'italiano' | 'internazionale' | undefined): CsvDialect => csvDialect(format === 'internazionale' ? 'intl' : 'it');
