import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { nextTurn } from '../../lib/limit.js';
import { csvDialect } from '../csv/dialect.js';
import type { InvoiceDocument } from './document.js';

export interface ArchivedInvoice {
  file_name: string;
  xml: string;
  document: string;
}

const HEADER = ['Numero', 'Tipo', 'Data', 'Ordine', 'Cliente', 'Partita IVA', 'Codice fiscale', 'Imponibile', 'IVA', 'Totale', 'Storna la fattura', 'File'];

/** Italian Excel's dialect (';', decimal comma, BOM), as the other exports by default. */
const dialect = csvDialect('it');

/** The accountant's summary row of one document. */
function summaryLine(inv: ArchivedInvoice): string {
  const { line, money } = dialect;
  const d = JSON.parse(inv.document) as InvoiceDocument;
  const b = d.buyer;
  return line([
    d.number,
    d.kind === 'invoice' ? 'Fattura' : 'Nota di credito',
    d.date,
    d.orderNumber,
    b.kind === 'private' ? b.name : b.companyName,
    b.kind === 'business' ? b.vatNumber : '',
    b.taxCode,
    money(d.taxableCents),
    money(d.vatCents),
    money(d.totalCents),
    d.refersTo?.number ?? '',
    inv.file_name,
  ]);
}

/**
 * A month's ZIP, produced while it is sent: every XML as sent to the Exchange System, then the CSV
 * summary. `pages` yields the invoices a page at a time (keyset pages from the database); each XML
 * is compressed into the archive as it comes and only the summary's rows (~150 bytes a document)
 * are kept until the end, so memory does not grow with the month's files. The stream is read on
 * demand (a slow download reads no further pages) and the event loop gets a turn after every page
 * (docs/decisions/0039-invoice-archives.md). The ZIP writer is loaded by the first archive, not by every start.
 */
export function monthArchiveStream(month: string, pages: AsyncIterable<readonly ArchivedInvoice[]>): Readable {
  async function* zipped(): AsyncGenerator<Uint8Array> {
    const { strToU8, Zip, ZipPassThrough } = await import('fflate');
    /**
     * A ZIP entry compressed by Node's zlib (native) rather than fflate's JavaScript deflate: a
     * 2.6 KB invoice took fflate ~0.25 ms warm and the first page of 100 over 300 ms cold, on the
     * event loop; zlib does it in a few hundredths of that. fflate still writes the container.
     */
    class NativeDeflate extends ZipPassThrough {
      constructor(name: string) {
        super(name);
        this.compression = 8;
      }
      protected override process(chunk: Uint8Array, final: boolean) {
        this.ondata(null, deflateRawSync(chunk, { level: constants.Z_DEFAULT_COMPRESSION }), final);
      }
    }
    let out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    const add = (name: string, text: string) => {
      const file = new NativeDeflate(name);
      zip.add(file);
      file.push(strToU8(text), true);
    };
    const drain = () => {
      if (failure) throw failure;
      const ready = out;
      out = [];
      return ready;
    };
    let csv = dialect.start + dialect.line(HEADER);
    for await (const page of pages) {
      for (const inv of page) {
        add(inv.file_name, inv.xml);
        csv += summaryLine(inv);
      }
      yield* drain();
      await nextTurn();
    }
    add(`riepilogo-${month}.csv`, csv);
    zip.end();
    yield* drain();
  }
  // One chunk of the archive at a time: the reply's socket pulls them.
  return Readable.from(zipped(), { objectMode: false, highWaterMark: 64 * 1024 });
}
