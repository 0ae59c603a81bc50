/**
 * CSV cells as spreadsheets read them (RFC 4180 quoting) and the formula-injection guard
 * (docs/decisions/0022-csv.md): a cell that a spreadsheet would run as a formula is written with a
 * leading apostrophe, and the import takes that apostrophe off again, so a round trip is exact.
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
