import { describe, expect, it } from 'vitest';
import { CSV_LIMITS } from '@vetrina/shared/csv';
import { columnCounter, readCsv } from './read.js';

const HEAD = 'Handle,Title,Variant SKU,Variant Price';
const refusal = (text: string | Buffer) =>
  readCsv(Buffer.isBuffer(text) ? text : Buffer.from(text)).then(
    () => 'letto',
    (e: Error) => e.message,
  );

describe('reading a product CSV as a stream, with limits', () => {
  it('numbers rows as a spreadsheet does: blank rows skipped but counted, a quoted line break not', async () => {
    const table = await readCsv(Buffer.from(`\uFEFF${HEAD}\r\na,A,A-1,1\r\n\r\n,,,\r\nb,"Due\r\nrighe",B-1,2\r\n\r\nc,C,C-1,3`));
    expect(table.header).toEqual(['Handle', 'Title', 'Variant SKU', 'Variant Price']);
    expect(table.rows.map((r) => [r.line, r.cells[1]])).toEqual([
      [2, 'A'],
      [5, 'Due\r\nrighe'],
      [7, 'C'],
    ]);
  });

  it('reads Italian Excel files (semicolons) and gives back the apostrophe the export put before a formula', async () => {
    const table = await readCsv(Buffer.from(`Handle;Title;Variant SKU;Variant Price\n'=1+1;"a, b";S;4,90\n`));
    expect(table.rows[0]?.cells).toEqual(['=1+1', 'a, b', 'S', '4,90']);
  });

  it('refuses a row past the column limit, counted on the bytes before the row is built', async () => {
    expect(await refusal(`${HEAD}${',x'.repeat(CSV_LIMITS.maxColumns - 4)}\r\na,A,A-1,1`)).toBe('letto');
    expect(await refusal(`${HEAD}${',x'.repeat(CSV_LIMITS.maxColumns - 3)}\r\na,A,A-1,1`)).toBe(
      'Il file ha troppe colonne: al massimo 200. Controlla il separatore e la prima riga (un file di prodotti di Shopify ne ha circa 50).',
    );
    // Separators inside quotes are text, not columns.
    expect(await refusal(`${HEAD}\r\na,"${','.repeat(5000)}",A-1,1`)).toBe('letto');
    const count = columnCounter(',');
    expect(() => count(Buffer.from(`a"b${','.repeat(300)}"\nc`))).not.toThrow();
    expect(() => count(Buffer.from(','.repeat(CSV_LIMITS.maxColumns)))).toThrow(/troppe colonne/);
  });

  it('refuses a row longer than the row limit, a file of blank lines and one over the data rows limit', async () => {
    expect(await refusal(`${HEAD}\r\na,"${'x'.repeat(CSV_LIMITS.maxRowChars)}",A-1,1\r\n`)).toBe(
      'La riga 2 è troppo lunga: al massimo 262.144 caratteri per riga. Controlla che le virgolette di ogni campo siano chiuse.',
    );
    const blank = 'Il file ha più di 20.000 righe, comprese quelle vuote: togli le righe vuote o dividilo in più file.';
    expect(await refusal(`${HEAD}\n${'\n'.repeat(CSV_LIMITS.maxLines)}a,A,A-1,1\n`)).toBe(blank);
    expect(await refusal(`${HEAD}\n${'\n'.repeat(CSV_LIMITS.maxLines)}`)).toBe(blank);
    const rows = Array.from({ length: CSV_LIMITS.maxRows + 1 }, (_, i) => `p${i},P,S-${i},1`).join('\n');
    expect(await refusal(`${HEAD}\n${rows}`)).toBe('Il file ha più di 10.000 righe di dati: dividilo in più file e importali uno alla volta.');
  });

  it('refuses what is not UTF-8, an empty file and broken quoting, in Italian', async () => {
    expect(await refusal(Buffer.concat([Buffer.from(`${HEAD}\r\ncaffe,Caff`), Buffer.from([0xe8]), Buffer.from(',C,1')]))).toMatch(/^Il file non è in UTF-8/);
    expect(await refusal(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Handle', 'utf16le')]))).toMatch(/^Il file è in UTF-16/);
    expect(await refusal(' \r\n\r\n')).toMatch(/^Il file è vuoto/);
    expect(await refusal(`${HEAD}\r\n`)).toBe('Il file contiene solo la riga di intestazione: nessun prodotto da importare');
    expect(await refusal(`${HEAD}\r\nx,"a"b,X,1\r\n`)).toBe('Il file non è un CSV leggibile: virgolette nel mezzo di un campo alla riga 2');
    expect(await refusal(`${HEAD}\r\nx,"non chiuso,X,1\r\n`)).toMatch(/^Il file non è un CSV leggibile: virgolette non chiuse/);
  });
});
