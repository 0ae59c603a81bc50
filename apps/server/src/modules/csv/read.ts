import { CSV_LIMITS, csvMsg } from '@vetrina/shared/csv';
import { AppError, badRequest } from '../../lib/errors.js';
import { restoreNeutralised } from './cells.js';

export interface CsvRow {
  /** The row as a spreadsheet numbers it (the header is row 1; a quoted line break does not add one). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text: UTF-8 with or without a BOM. Anything else is refused with the way out (saving
 * as 'CSV UTF-8' in Excel): guessing a legacy code page cannot be done reliably, and a wrong guess
 * would write garbled names into the catalogue.
 */
export function decodeCsv(bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw badRequest(csvMsg.utf16, 'file');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest(csvMsg.notUtf8, 'file');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Comma or semicolon (Excel in Italian saves with ';'): whichever appears more often outside quotes
 * in the header row, the one row whose content we know.
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Parses the file with csv-parse (the byte limit bounds the work): at most CSV_LIMITS.maxRows data
 * rows, blank rows skipped (their numbers kept). The parser is loaded by the first import, not by
 * every start of the server (docs/decisions/production-runtime.md).
 */
export async function readCsv(bytes: Buffer): Promise<CsvTable> {
  if (bytes.length > CSV_LIMITS.maxBytes) throw new AppError(413, 'payload_too_large', csvMsg.tooLarge);
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw badRequest(csvMsg.empty, 'file');
  const { parse } = await import('csv-parse/sync');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    const e = err as { code?: string; lines?: number };
    const where = e.lines ? ` riga ${e.lines}` : '';
    const detail =
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `virgolette non chiuse (dalla${where || ' fine'})`
        : e.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? `virgolette nel mezzo di un campo alla${where}`
          : `formato non valido${where ? ` alla${where}` : ''}`;
    throw badRequest(csvMsg.notCsv(detail), 'file');
  }
  const [header, ...data] = records;
  if (!header || isBlank(header)) throw badRequest(csvMsg.empty, 'file');
  const rows: CsvRow[] = [];
  data.forEach((cells, i) => {
    if (!isBlank(cells)) rows.push({ line: i + 2, cells: cells.map(restoreNeutralised) });
  });
  if (!rows.length) throw badRequest(csvMsg.noRows, 'file');
  if (rows.length > CSV_LIMITS.maxRows) throw badRequest(csvMsg.tooManyRows, 'file');
  return { header: header.map((h) => h.trim()), rows };
}
