import type { Insertable, Selectable } from 'kysely';
import { DEFAULT_VAT_CODE, type InvoiceSettingsData, type VatCode } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { InvoicesTable, StoreInvoiceSettingsTable } from '../../db/schema.js';

export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceSettingsRow = Selectable<StoreInvoiceSettingsTable>;

const settingsRow = prepared((db: Db, a: { storeId: string }) => db.selectFrom('store_invoice_settings').selectAll().where('store_id', '=', a.storeId));
const defaultCodeRow = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('store_invoice_settings').select('default_vat_code').where('store_id', '=', a.storeId),
);

/** What an invoice list shows: the row without its documents, with the numbers it points to. */
const listColumns = [
  'i.id',
  'i.kind',
  'i.number',
  'i.date',
  'i.issued_at',
  'i.order_id',
  'i.buyer_name',
  'i.taxable_cents',
  'i.vat_cents',
  'i.total_cents',
  'i.file_name',
  'i.refers_to_id',
  'i.corrects_id',
  'o.order_number',
] as const;

/** The store's VAT code for products without their own, shipping and surcharges: 22% until the store saves another. */
export const vatCodeOf = (settings: Pick<InvoiceSettingsRow, 'default_vat_code'> | undefined): VatCode => settings?.default_vat_code ?? DEFAULT_VAT_CODE;

/** The only SQL on VAT settings, invoice numbers and invoices. */
export function invoicesRepo(db: Db) {
  return {
    settings: (storeId: string) => settingsRow.first(db, { storeId }),

    /** The store's VAT code for products without their own, shipping and surcharges. */
    async defaultVatCode(storeId: string): Promise<VatCode> {
      return vatCodeOf(await defaultCodeRow.first(db, { storeId }));
    },

    async saveSettings(storeId: string, s: InvoiceSettingsData, now: string): Promise<void> {
      const values = {
        default_vat_code: s.defaultVatCode,
        fiscal_regime: s.fiscalRegime,
        auto_issue: s.autoIssue ? 1 : 0,
        updated_at: now,
      };
      await db
        .insertInto('store_invoice_settings')
        .values({ store_id: storeId, ...values })
        .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
        .execute();
    },

    /** The seller's company details (Impostazioni → Dati aziendali), or undefined. */
    business: (storeId: string) => db.selectFrom('store_business_details').selectAll().where('store_id', '=', storeId).executeTakeFirst(),

    /**
     * The next number of the store's year, in the caller's transaction: the counter row stays locked
     * (PostgreSQL) or the database is (SQLite) until the invoice is written, so two invoices never
     * share a number and a rolled-back one gives its number back.
     */
    async nextNumber(storeId: string, year: number): Promise<number> {
      const row = await db
        .insertInto('invoice_counters')
        .values({ store_id: storeId, year, last_number: 1 })
        .onConflict((oc) => oc.columns(['store_id', 'year']).doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async slugOf(storeId: string): Promise<string> {
      return (await db.selectFrom('stores').select('slug').where('id', '=', storeId).executeTakeFirstOrThrow()).slug;
    },
    async insert(row: Insertable<InvoicesTable>): Promise<void> {
      await db.insertInto('invoices').values(row).execute();
    },

    find: (storeId: string, invoiceId: string) =>
      db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).where('store_id', '=', storeId).executeTakeFirst(),

    /** The credit note that cancels the whole invoice, or (whole: false) any credit note of it, a refund's included. */
    creditNoteOf: (invoiceId: string, whole = true) =>
      db
        .selectFrom('invoices')
        .select(['id', 'number'])
        .where((eb) => (whole ? eb('refers_to_id', '=', invoiceId) : eb.or([eb('refers_to_id', '=', invoiceId), eb('corrects_id', '=', invoiceId)])))
        .executeTakeFirst(),

    /** The credit note issued for a refund, if any. */
    ofRefund: (storeId: string, refundId: string) =>
      db.selectFrom('invoices').select('id').where('store_id', '=', storeId).where('refund_id', '=', refundId).executeTakeFirst(),

    /** A refund and its lines (the returns module writes them; the credit note reads them). */
    async refund(storeId: string, refundId: string) {
      const refund = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).where('store_id', '=', storeId).executeTakeFirst();
      if (!refund) return null;
      const items = await db.selectFrom('refund_items').select(['order_item_id', 'quantity', 'amount_cents']).where('refund_id', '=', refundId).execute();
      return { refund, items };
    },

    /** The store's documents matching the filter, with the order number, oldest first. */
    listed(storeId: string, filter: { id?: string; orderId?: string; from?: string; to?: string }) {
      let q = db.selectFrom('invoices as i').innerJoin('orders as o', 'o.id', 'i.order_id').select(listColumns).where('i.store_id', '=', storeId);
      if (filter.id) q = q.where('i.id', '=', filter.id);
      if (filter.orderId) q = q.where('i.order_id', '=', filter.orderId);
      if (filter.from) q = q.where('i.date', '>=', filter.from);
      if (filter.to) q = q.where('i.date', '<', filter.to);
      return q.orderBy('i.year').orderBy('i.seq').execute();
    },

    /** Numbers of these documents (the invoices credit notes point to, and the credit notes of invoices). */
    async related(storeId: string, ids: string[]) {
      if (!ids.length) return { byId: new Map<string, string>(), creditOf: new Map<string, { id: string; number: string }>() };
      const [targets, credits] = await Promise.all([
        db.selectFrom('invoices').select(['id', 'number']).where('store_id', '=', storeId).where('id', 'in', ids).execute(),
        db.selectFrom('invoices').select(['id', 'number', 'refers_to_id']).where('store_id', '=', storeId).where('refers_to_id', 'in', ids).execute(),
      ]);
      return {
        byId: new Map(targets.map((t) => [t.id, t.number])),
        creditOf: new Map(credits.map((c) => [c.refers_to_id ?? '', { id: c.id, number: c.number }])),
      };
    },

    /**
     * A page of the month's files for the accountant's ZIP, in numbering order, after `after` (keyset
     * on the (store, year, seq) key: each page costs the same however deep the month goes).
     */
    documentsAfter: (storeId: string, range: { from: string; to: string }, after: { year: number; seq: number } | null, limit: number) =>
      db
        .selectFrom('invoices')
        .select(['year', 'seq', 'file_name', 'xml', 'document'])
        .where('store_id', '=', storeId)
        .where('date', '>=', range.from)
        .where('date', '<', range.to)
        .$if(after !== null, (q) => q.where((eb) => eb.or([eb('year', '>', after!.year), eb.and([eb('year', '=', after!.year), eb('seq', '>', after!.seq)])])))
        .orderBy('year')
        .orderBy('seq')
        .limit(limit)
        .execute(),
  };
}

export type InvoicesRepo = ReturnType<typeof invoicesRepo>;
