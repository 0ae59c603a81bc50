import type { Invoice } from '@vetrina/shared';
import { returnMsg } from '@vetrina/shared/returns';
import { romeDay } from '@vetrina/shared/shop-day';
import { isUniqueViolation } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { orderSteps } from '../orders/service.js';
import type { InvoiceDocument } from './document.js';
import { loadFatturapa } from './fatturapa.js';
import type { DocumentIssuer } from './issuing.js';
import { refundCreditDocument } from './refund-credit-note.js';
import { invoicesRepo, vatCodeOf } from './repo.js';

/** A refund's credit note found its invoice cancelled once it held a number (rolls the number back). */
class InvoiceGone extends Error {}

/**
 * A succeeded refund of an invoiced order: a credit note (TD04) for exactly its lines and amounts,
 * VAT split as in the invoice (refund-credit-note.ts), numbered with the invoices. Unlike the
 * whole one it leaves the invoice standing, and an invoice may have several. Null when the order
 * has no live invoice or the refund has not succeeded; asked again, the same credit note.
 * Call it after the refund's transaction has committed (it opens its own).
 */
export async function creditNoteForRefund(
  ctx: AppContext,
  issuer: DocumentIssuer,
  storeId: string,
  refundId: string,
  issuedBy: string | null,
): Promise<Invoice | null> {
  const { db } = ctx;
  const { one, write, queueCopy, copyUrlOf } = issuer;
  await loadFatturapa();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const repo = invoicesRepo(trx);
      const found = await repo.refund(storeId, refundId);
      if (!found) throw notFound(returnMsg.refundNotFound);
      const { refund, items } = found;
      const done = await repo.ofRefund(storeId, refund.id);
      if (done) return done.id;
      const order = await orderSteps.find(trx, storeId, refund.order_id);
      if (refund.status !== 'succeeded' || !order?.invoice_id) return null;
      const invoice = await repo.find(storeId, order.invoice_id);
      if (!invoice || invoice.kind !== 'invoice') return null;
      const [lines, settings, slug] = await Promise.all([orderSteps.itemsInPrintOrder(trx, order.id), repo.settings(storeId), repo.slugOf(storeId)]);
      const credit = {
        lines: items.map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity, amountCents: i.amount_cents })),
        shippingCents: refund.shipping_cents,
        adjustmentCents: refund.adjustment_cents,
      };
      const refundedOn = refund.succeeded_at ? romeDay(refund.succeeded_at) : null;
      const id = newId();
      const ids = { id, storeId, orderId: order.id, refersTo: null, issuedBy, corrects: invoice.id, refundId: refund.id };
      const live = async () => {
        if ((await orderSteps.find(trx, storeId, order.id))?.invoice_id !== invoice.id) throw new InvoiceGone();
      };
      const doc = await write(
        trx,
        ids,
        (number, date, transmissionId) =>
          refundCreditDocument(
            JSON.parse(invoice.document) as InvoiceDocument,
            lines.map((l) => l.id),
            credit,
            { number, date, transmissionId, refundedOn, defaultCode: vatCodeOf(settings) },
          ),
        live,
      );
      await queueCopy(trx, storeId, doc, copyUrlOf(slug, order.public_token, id));
      return id;
    });
    if (!id) return null;
    ctx.mailer.wake();
    return one(storeId, id);
  } catch (err) {
    // A whole credit note cancelled the invoice meanwhile: nothing left to correct, no number used.
    if (err instanceof InvoiceGone) return null;
    // The same refund twice at once: the unique key lets one through, the other gets its note.
    if (!isUniqueViolation(err)) throw err;
    const done = await invoicesRepo(db).ofRefund(storeId, refundId);
    if (!done) throw err;
    return one(storeId, done.id);
  }
}
