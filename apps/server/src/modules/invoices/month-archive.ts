import { csvLine, euroText, UTF8_BOM } from '../csv/cells.js';
import type { InvoiceDocument } from './document.js';

interface ArchivedInvoice {
  file_name: string;
  xml: string;
  document: string;
}

const HEADER = ['Numero', 'Tipo', 'Data', 'Ordine', 'Cliente', 'Partita IVA', 'Codice fiscale', 'Imponibile', 'IVA', 'Totale', 'Storna la fattura', 'File'];

/** The accountant's summary: one row per document, amounts in euro with a dot, as spreadsheets import them. */
export function monthSummaryCsv(invoices: readonly ArchivedInvoice[]): string {
  let csv = UTF8_BOM + csvLine(HEADER);
  for (const inv of invoices) {
    const d = JSON.parse(inv.document) as InvoiceDocument;
    const b = d.buyer;
    csv += csvLine([
      d.number,
      d.kind === 'invoice' ? 'Fattura' : 'Nota di credito',
      d.date,
      d.orderNumber,
      b.kind === 'private' ? b.name : b.companyName,
      b.kind === 'business' ? b.vatNumber : '',
      b.taxCode,
      euroText(d.taxableCents),
      euroText(d.vatCents),
      euroText(d.totalCents),
      d.refersTo?.number ?? '',
      inv.file_name,
    ]);
  }
  return csv;
}

/** A month's ZIP: every XML as sent to the Exchange System, and the CSV summary (the ZIP writer is loaded by the first archive, not by every start). */
export async function monthArchive(month: string, invoices: readonly ArchivedInvoice[]): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const inv of invoices) files[inv.file_name] = strToU8(inv.xml);
  files[`riepilogo-${month}.csv`] = strToU8(monthSummaryCsv(invoices));
  return zipSync(files, { level: 6 });
}
