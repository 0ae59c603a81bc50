import type { Readable } from 'node:stream';
import { invoiceMsg, type Invoice, type InvoiceSettings, type InvoiceSettingsData } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { orderSteps } from '../orders/service.js';
import type { OrderInvoicesPort } from '../orders/ports.js';
import { buyerOf, invoiceDocument, sellerOf } from './build-document.js';
import { courtesyCopyHtml } from './courtesy-copy.js';
import type { InvoiceDocument } from './document.js';
import { loadFatturapa } from './fatturapa.js';
import { listInvoices } from './invoice-list.js';
import { monthArchiveStream } from './month-archive.js';
import { audit, type AuditActor } from '../audit/service.js';
import { storedOrderVat } from '../orders/vat.js';
import { invoicesRepo, vatCodeOf, type InvoiceRow } from './repo.js';
import { documentIssuer } from './issuing.js';
import { creditNoteForRefund } from './refund-credit-service.js';

/** Invoices read per page of a month's ZIP: ~130 KB of XML, read and compressed in ~5-10 ms before the event loop gets a turn. */
const ARCHIVE_PAGE = 50;

/** The first day of a month and of the next ('2026-11' → ['2026-11-01', '2026-12-01']). */
export function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/** Invoices and credit notes of a store (docs/decisions/0030-invoices.md). */
export function invoicesService(ctx: AppContext) {
  const { db } = ctx;

  const issuer = documentIssuer(ctx);
  const { one, write, queueCopy, copyUrlOf } = issuer;

  return {
    async settings(storeId: string): Promise<InvoiceSettings> {
      const [s, business] = await Promise.all([invoicesRepo(db).settings(storeId), invoicesRepo(db).business(storeId)]);
      return {
        defaultVatCode: vatCodeOf(s),
        fiscalRegime: s?.fiscal_regime ?? 'RF01',
        autoIssue: Boolean(s?.auto_issue),
        ready: sellerOf(business, s) !== null,
        updatedAt: s?.updated_at ?? null,
      };
    },

    async saveSettings(storeId: string, data: InvoiceSettingsData): Promise<InvoiceSettings> {
      await invoicesRepo(db).saveSettings(storeId, data, clock.iso());
      return this.settings(storeId);
    },

    /** 'Emetti fattura': the order's invoice with the next number; never twice for one order. */
    async issue(storeId: string, orderId: string, issuedBy: string | null = null): Promise<Invoice> {
      await loadFatturapa();
      const id = await db.transaction().execute(async (trx) => {
        const order = await orderSteps.find(trx, storeId, orderId);
        if (!order) throw notFound('Ordine non trovato');
        const buyer = buyerOf(order);
        if (!buyer) throw conflict(invoiceMsg.notRequested);
        if (order.status === 'cancelled') throw conflict(invoiceMsg.cancelledOrder);
        if (order.invoice_id) throw conflict(invoiceMsg.alreadyIssued);
        const [business, settings, items, slug] = await Promise.all([
          invoicesRepo(trx).business(storeId),
          invoicesRepo(trx).settings(storeId),
          orderSteps.itemsInPrintOrder(trx, order.id),
          invoicesRepo(trx).slugOf(storeId),
        ]);
        const seller = sellerOf(business, settings);
        if (!seller) throw conflict(invoiceMsg.sellerIncomplete);
        const id = newId();
        // Claimed before a number is taken: the loser of two clicks takes none.
        if (!(await orderSteps.claimInvoice(trx, storeId, order.id, id))) throw conflict(invoiceMsg.alreadyIssued);
        const vat = storedOrderVat(order, items, vatCodeOf(settings));
        const doc = await write(trx, { id, storeId, orderId: order.id, refersTo: null, issuedBy }, (number, date, transmissionId) =>
          invoiceDocument({ kind: 'invoice', number, date, transmissionId, seller, buyer, order, items, vat }),
        );
        await queueCopy(trx, storeId, doc, copyUrlOf(slug, order.public_token, id));
        return id;
      });
      ctx.mailer.wake();
      return one(storeId, id);
    },

    /**
     * 'Emetti automaticamente': called after an order is marked paid. Orders without an invoice
     * request, or already invoiced, are left alone; a store whose details are incomplete gets no
     * invoice (the team issues it once they are complete) and the payment is not affected.
     */
    async issueIfAutomatic(storeId: string, orderId: string): Promise<void> {
      const s = await invoicesRepo(db).settings(storeId);
      if (!s?.auto_issue) return;
      try {
        await this.issue(storeId, orderId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.message !== invoiceMsg.notRequested && err.message !== invoiceMsg.alreadyIssued)
          ctx.log.warn({ storeId, orderId, code: err.code }, 'automatic invoice not issued');
      }
    },

    /** 'Emetti nota di credito': cancels a whole invoice with a credit note of the same amounts. */
    async creditNote(storeId: string, invoiceId: string, issuedBy: string | null = null): Promise<Invoice> {
      await loadFatturapa();
      try {
        const id = await db.transaction().execute(async (trx) => {
          const invoice = await invoicesRepo(trx).find(storeId, invoiceId);
          if (!invoice) throw notFound(invoiceMsg.notFound);
          if (invoice.kind === 'credit_note') throw badRequest(invoiceMsg.creditOfCredit);
          // After a refund's credit note, a whole one would credit those lines twice.
          const credited = async () => {
            if (await invoicesRepo(trx).creditNoteOf(invoice.id, false)) throw conflict(invoiceMsg.alreadyCredited);
          };
          await credited();
          const original = JSON.parse(invoice.document) as InvoiceDocument;
          const [token, slug] = await Promise.all([orderSteps.tokenOf(trx, invoice.order_id), invoicesRepo(trx).slugOf(storeId)]);
          const id = newId();
          const doc = await write(
            trx,
            { id, storeId, orderId: invoice.order_id, refersTo: invoice.id, issuedBy },
            (number, date, transmissionId) => ({
              ...original,
              kind: 'credit_note',
              number,
              date,
              transmissionId,
              refersTo: { number: original.number, date: original.date },
            }),
            credited,
          );
          await orderSteps.releaseInvoice(trx, storeId, invoice.order_id, invoice.id);
          await queueCopy(trx, storeId, doc, copyUrlOf(slug, token, id));
          return id;
        });
        ctx.mailer.wake();
        return one(storeId, id);
      } catch (err) {
        // Two credit notes for one invoice at once: the unique key lets one through.
        if (isUniqueViolation(err)) throw conflict(invoiceMsg.alreadyCredited);
        throw err;
      }
    },

    /**
     * A succeeded refund of an invoiced order: a credit note (TD04) for exactly its lines and amounts
     * (refund-credit-service.ts). Call it after the refund's transaction has committed.
     */
    creditNoteForRefund(storeId: string, refundId: string, issuedBy: string | null): Promise<Invoice | null> {
      return creditNoteForRefund(ctx, issuer, storeId, refundId, issuedBy);
    },

    async list(storeId: string, filter: { orderId?: string; month?: string }): Promise<Invoice[]> {
      const [from, to] = filter.month ? monthRange(filter.month) : [undefined, undefined];
      return listInvoices(db, storeId, { orderId: filter.orderId, from, to });
    },

    /** An invoice of the store, with its documents (404 for another store's). */
    async document(storeId: string, invoiceId: string): Promise<InvoiceRow> {
      const row = await invoicesRepo(db).find(storeId, invoiceId);
      if (!row) throw notFound(invoiceMsg.notFound);
      return row;
    },

    /** The courtesy copy, for the team. */
    async copy(storeId: string, invoiceId: string): Promise<string> {
      const row = await this.document(storeId, invoiceId);
      return courtesyCopyHtml(JSON.parse(row.document) as InvoiceDocument);
    },

    /** Who downloaded a month's archive ('Registro attività', kind 'exports'), written before the file starts. */
    recordExport: (member: AuditActor, month: string, file: string) =>
      audit.record(db, member, {
        kind: 'exports',
        action: 'exports.invoices',
        summary: `Esportazione delle fatture di ${month.split('-').reverse().join('/')} (XML FatturaPA e riepilogo CSV)`,
        subject: { type: 'export', id: file, label: file },
      }),

    /** The month's XML files and CSV summary in one ZIP, streamed: the invoices are read a page at a time as it is sent. */
    monthArchive(storeId: string, month: string): Readable {
      const [from, to] = monthRange(month);
      async function* pages() {
        let after: { year: number; seq: number } | null = null;
        for (;;) {
          const page = await invoicesRepo(db).documentsAfter(storeId, { from, to }, after, ARCHIVE_PAGE);
          if (page.length) yield page;
          if (page.length < ARCHIVE_PAGE) return;
          const last = page.at(-1)!;
          after = { year: Number(last.year), seq: Number(last.seq) };
        }
      }
      return monthArchiveStream(month, pages());
    },

    /** The courtesy copy of an order's invoice for whoever holds the order's link. */
    async publicCopy(storeId: string, token: string, invoiceId: string): Promise<string> {
      const row = await invoicesRepo(db).find(storeId, invoiceId);
      const orderToken = row ? await orderSteps.tokenOf(db, row.order_id) : null;
      if (!row || !orderToken || orderToken !== token) throw notFound(invoiceMsg.notFound);
      return courtesyCopyHtml(JSON.parse(row.document) as InvoiceDocument);
    },
  };
}
export type InvoicesService = ReturnType<typeof invoicesService>;

/** What the order pages show of invoices, given to the orders module in app.ts. */
export function invoicesForOrders(ctx: AppContext): OrderInvoicesPort {
  return {
    ofOrder: (storeId, orderId) => listInvoices(ctx.db, storeId, { orderId }),
    defaultVatCode: (storeId) => invoicesRepo(ctx.db).defaultVatCode(storeId),
  };
}
