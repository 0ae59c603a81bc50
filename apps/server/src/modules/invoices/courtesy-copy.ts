import { COURTESY_COPY_STYLE, buyerBlock, html, italianDate, linesTable, sellerBlock, totalsAndPayment, vatSummaryTable } from './courtesy-copy-parts.js';
import type { InvoiceDocument } from './document.js';

export const COURTESY_COPY_NOTICE = 'Copia di cortesia: il documento valido ai fini fiscali è quello trasmesso al Sistema di Interscambio';

/**
 * The 'copia di cortesia' of an invoice or credit note: a standalone page the shopper can read and
 * print (no scripts, no external resources), made from the same snapshot as the XML. Every value
 * from the document is escaped by the `html` template.
 */
export function courtesyCopyHtml(doc: InvoiceDocument, options: { storeName?: string } = {}): string {
  const title = `${doc.kind === 'credit_note' ? 'Nota di credito' : 'Fattura'} n. ${doc.number}`;
  const page = html`<html lang="it">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>${title}${options.storeName ? ` – ${options.storeName}` : ''}</title>
      <style>
        ${COURTESY_COPY_STYLE}
      </style>
    </head>
    <body>
      <main class="sheet">
        <header>
          <div>
            ${options.storeName ? html`<p class="store">${options.storeName}</p>` : ''}
            <h1>${title}</h1>
          </div>
          <div>
            <p>Data: ${italianDate(doc.date)}</p>
            <p>Ordine n. ${doc.orderNumber} del ${italianDate(doc.orderDate)}</p>
            ${doc.refersTo ? html`<p>Storno della fattura n. ${doc.refersTo.number} del ${italianDate(doc.refersTo.date)}</p>` : ''}
          </div>
        </header>
        <p class="notice">${COURTESY_COPY_NOTICE}.</p>
        <div class="parties">${sellerBlock(doc.seller)}${buyerBlock(doc.buyer)}</div>
        ${linesTable(doc)} ${vatSummaryTable(doc)} ${totalsAndPayment(doc)}
      </main>
    </body>
  </html> `;
  return `<!doctype html>\n${page.markup.trim()}\n`;
}
