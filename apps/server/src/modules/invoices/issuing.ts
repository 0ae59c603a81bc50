import { formatEuro, invoiceMsg, invoiceNumber, type Invoice } from '@vetrina/shared';
import { romeDay } from '@vetrina/shared/shop-day';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { layoutMail } from '../mail/templates.js';
import { storeMailBrand } from '../stores/service.js';
import { buyerName, transmissionIdOf } from './build-document.js';
import { courtesyCopyHtml } from './courtesy-copy.js';
import type { InvoiceDocument } from './document.js';
import { buildFatturaXml, fatturaFileName } from './fatturapa.js';
import { listInvoices } from './invoice-list.js';
import { invoicesRepo } from './repo.js';

/**
 * The document's XML, checked against the format before it is stored. Data that still fails after
 * the builder's cleaning (its lengths and characters) refuses the invoice: nothing is numbered.
 */
function fatturaXmlOrRefuse(doc: InvoiceDocument): string {
  try {
    return buildFatturaXml(doc);
  } catch {
    throw new AppError(422, 'invoice_invalid', invoiceMsg.invalidDocument);
  }
}

/** What every issuing use case shares: the numbered write, the courtesy copy, the answer. */
export function documentIssuer(ctx: AppContext) {
  const { db } = ctx;

  async function one(storeId: string, invoiceId: string): Promise<Invoice> {
    const [invoice] = await listInvoices(db, storeId, { id: invoiceId });
    if (!invoice) throw notFound(invoiceMsg.notFound);
    return invoice;
  }

  /**
   * Writes a document with the next number of its year, in the caller's transaction. `recheck` runs
   * once the number is held: on PostgreSQL a credit note issued meanwhile has committed by then, so
   * a whole and a refund's credit note of one invoice never both go through.
   */
  async function write(
    trx: Db,
    ids: { id: string; storeId: string; orderId: string; refersTo: string | null; issuedBy: string | null; corrects?: string; refundId?: string },
    make: (number: string, date: string, transmissionId: string) => InvoiceDocument,
    recheck?: () => Promise<void>,
  ) {
    const { id, storeId, orderId, refersTo } = ids;
    const date = romeDay(clock.now());
    const year = Number(date.slice(0, 4));
    const seq = await invoicesRepo(trx).nextNumber(storeId, year);
    await recheck?.();
    const doc = make(invoiceNumber(year, seq), date, transmissionIdOf(year, seq));
    await invoicesRepo(trx).insert({
      id,
      store_id: storeId,
      order_id: orderId,
      kind: doc.kind,
      year,
      seq,
      number: doc.number,
      date,
      refers_to_id: refersTo,
      corrects_id: ids.corrects ?? null,
      refund_id: ids.refundId ?? null,
      buyer_name: buyerName(doc.buyer),
      taxable_cents: doc.taxableCents,
      vat_cents: doc.vatCents,
      total_cents: doc.totalCents,
      file_name: fatturaFileName(doc),
      document: JSON.stringify(doc),
      xml: fatturaXmlOrRefuse(doc),
      issued_at: clock.iso(),
      issued_by_user_id: ids.issuedBy,
    });
    return doc;
  }

  /** The courtesy copy to the shopper, queued with the document (it exists iff the document does). */
  async function queueCopy(trx: Db, storeId: string, doc: InvoiceDocument, copyUrl: string | null) {
    const brand = await storeMailBrand(ctx, trx, storeId);
    const what = doc.kind === 'invoice' ? 'Fattura' : 'Nota di credito';
    const mail = layoutMail({
      brand,
      to: doc.buyer.email,
      subject: `${what} n. ${doc.number} — ${brand.name}`,
      lines: [
        `${what} n. ${doc.number} per l’ordine #${doc.orderNumber}: totale ${formatEuro(doc.totalCents)}.`,
        'Questa è la copia di cortesia; il documento valido ai fini fiscali è quello trasmesso al Sistema di Interscambio e disponibile nella tua area riservata dell’Agenzia delle Entrate.',
      ],
      rows: [],
      action: copyUrl ? { label: 'Apri la copia di cortesia', url: copyUrl } : undefined,
    });
    await ctx.mailer.enqueue(trx, [{ ...mail, html: courtesyCopyHtml(doc, { storeName: brand.name }) }]);
  }

  const copyUrlOf = (slug: string, token: string | null, invoiceId: string) =>
    token ? `${ctx.publicUrl()}/api/public/stores/${encodeURIComponent(slug)}/orders/${token}/invoices/${invoiceId}` : null;

  return { one, write, queueCopy, copyUrlOf };
}
export type DocumentIssuer = ReturnType<typeof documentIssuer>;
