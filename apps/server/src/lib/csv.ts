/**
 * CSV cells as spreadsheets read them (RFC 4180 quoting), the formula-injection guard and the two
 * dialects (docs/decisions/0022-csv.md, docs/decisions/0045-italian-practice.md). They live in the
 * kernel so that any module can write a file (the catalogue's, the customers', the audit log's)
 * without importing the csv module, which itself records its exports in the audit log.
 * A cell that a spreadsheet would run as a formula is written with a leading apostrophe, and the
 * import takes that apostrophe off again, so a round trip is exact.
 */

/** First characters that make Excel, LibreOffice or Google Sheets treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet should show it, never as a formula to run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes neutraliseFormula on an imported cell: only an apostrophe in front of a formula start goes. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One cell, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
