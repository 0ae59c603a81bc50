import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Info } from 'csv-parse';
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

/**
 * The file must be UTF-8, with or without a BOM. Anything else is refused with the way out (saving
 * as 'CSV UTF-8' in Excel): guessing a legacy code page cannot be done reliably, and a wrong guess
 * would write garbled names into the catalogue. Checked on the bytes, without decoding the file.
 */
export function assertUtf8(bytes: Buffer): void {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw badRequest(csvMsg.utf16, 'file');
  if (!isUtf8(bytes)) throw badRequest(csvMsg.notUtf8, 'file');
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

/** The header row's text, at most: a longer first row is refused by the row size limit anyway (4 bytes a character at most). */
const headerText = (bytes: Buffer) =>
  bytes
    .subarray(0, CSV_LIMITS.maxRowChars * 4)
    .toString('utf8')
    .replace(/^\uFEFF/, '');

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts each row's cells on the bytes as they arrive, before the parser sees them: a row of
 * 12 million empty cells would otherwise be built whole (the parser's size limit counts
 * characters, and empty cells have none). Quotes as RFC 4180 has them: a separator or a line break
 * between quotes belongs to the cell; a doubled quote toggles twice.
 */
export function columnCounter(delimiter: ',' | ';') {
  const sep = delimiter.charCodeAt(0);
  let quoted = false;
  let cells = 1;
  return (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) quoted = !quoted;
      else if (quoted) continue;
      else if (b === sep) {
        if (++cells > CSV_LIMITS.maxColumns) throw badRequest(csvMsg.tooManyColumns, 'file');
      } else if (b === LF || b === CR) cells = 1;
    }
  };
}

/** The parser's error as the merchant reads it. */
function parseFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; lines?: number; records?: number };
  if (e.code === 'CSV_MAX_RECORD_SIZE') return badRequest(csvMsg.rowTooLong((e.records ?? 0) + 1), 'file');
  const where = e.lines ? ` riga ${e.lines}` : '';
  const detail =
    e.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `virgolette non chiuse (dalla${where || ' fine'})`
      : e.code === 'CSV_INVALID_CLOSING_QUOTE'
        ? `virgolette nel mezzo di un campo alla${where}`
        : `formato non valido${where ? ` alla${where}` : ''}`;
  return badRequest(csvMsg.notCsv(detail), 'file');
}

const CHUNK = 64 * 1024;

/** The parser's count of lines so far: records and the blank lines it skipped. */
type LinesRead = () => number;

/** The file 64 KB at a time, each piece's cells counted before the parser reads it, and the line limit checked between pieces. */
function* checkedChunks(bytes: Buffer, delimiter: ',' | ';', linesRead: LinesRead) {
  const count = columnCounter(delimiter);
  for (let at = 0; at < bytes.length; at += CHUNK) {
    if (linesRead() > CSV_LIMITS.maxLines) throw badRequest(csvMsg.tooManyLines, 'file');
    const chunk = bytes.subarray(at, at + CHUNK);
    count(chunk);
    yield chunk;
  }
}

/**
 * Reads the file with csv-parse's streaming parser, 64 KB at a time, and stops at the first limit
 * crossed (docs/decisions/0034-csv-import-isolation.md): a row past CSV_LIMITS.maxColumns cells (counted
 * on the bytes before they are parsed), a row longer than CSV_LIMITS.maxRowChars characters, more
 * than CSV_LIMITS.maxRows data rows or CSV_LIMITS.maxLines lines. Blank rows are skipped (their
 * numbers kept). Runs in the import's worker thread (./import-worker.ts).
 */
export async function readCsv(bytes: Buffer): Promise<CsvTable> {
  if (bytes.length > CSV_LIMITS.maxBytes) throw new AppError(413, 'payload_too_large', csvMsg.tooLarge);
  assertUtf8(bytes);
  const first = headerText(bytes);
  if (first.trim() === '') throw badRequest(csvMsg.empty, 'file');
  const delimiter = detectDelimiter(first);
  const { parse } = await import('csv-parse');
  // Blank lines are skipped by the parser, which counts them (`empty_lines`): a row's number is
  // the records and blank lines up to it. Left to the reader, each short row costs the parser an
  // error object (~40 µs), and 19 MB of newlines took seconds.
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, max_record_size: CSV_LIMITS.maxRowChars, info: true });
  const linesRead = () => parser.info.records + parser.info.empty_lines;
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  // The reader's own refusal: the pipeline reports the parser it stopped as aborted.
  let refusal: AppError | null = null;
  const refuse = (err: AppError) => {
    refusal = err;
    throw err;
  };
  try {
    await pipeline(Readable.from(checkedChunks(bytes, delimiter, linesRead)), parser, async (records: AsyncIterable<{ record: string[]; info: Info }>) => {
      for await (const { record: cells, info } of records) {
        const line = info.records + info.empty_lines;
        if (line > CSV_LIMITS.maxLines) refuse(badRequest(csvMsg.tooManyLines, 'file'));
        if (cells.length > CSV_LIMITS.maxColumns) refuse(badRequest(csvMsg.tooManyColumns, 'file'));
        if (!header) {
          if (isBlank(cells)) refuse(badRequest(csvMsg.empty, 'file'));
          header = cells.map((h) => h.trim());
        } else if (!isBlank(cells)) {
          if (rows.length === CSV_LIMITS.maxRows) refuse(badRequest(csvMsg.tooManyRows, 'file'));
          rows.push({ line, cells: cells.map(restoreNeutralised) });
        }
      }
    });
  } catch (err) {
    throw refusal ?? parseFailure(err);
  }
  if (linesRead() > CSV_LIMITS.maxLines) throw badRequest(csvMsg.tooManyLines, 'file');
  if (!header) throw badRequest(csvMsg.empty, 'file');
  if (!rows.length) throw badRequest(csvMsg.noRows, 'file');
  return { header, rows };
}
