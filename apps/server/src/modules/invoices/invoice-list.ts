import type { Invoice } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { invoicesRepo } from './repo.js';

/** The store's invoices and credit notes matching the filter, with the numbers they point to, oldest first. */
export async function listInvoices(db: Db, storeId: string, filter: Parameters<ReturnType<typeof invoicesRepo>['listed']>[1]): Promise<Invoice[]> {
  const rows = await invoicesRepo(db).listed(storeId, filter);
  const rel = await invoicesRepo(db).related(
    storeId,
    rows.flatMap((r) => [r.id, ...(r.refers_to_id ? [r.refers_to_id] : []), ...(r.corrects_id ? [r.corrects_id] : [])]),
  );
  return rows.map((r) => {
    // A refund's credit note corrects its invoice in part: it refers to it without cancelling it.
    const refersTo = r.refers_to_id ?? r.corrects_id;
    return {
      id: r.id,
      kind: r.kind,
      number: r.number,
      date: r.date,
      issuedAt: r.issued_at,
      orderId: r.order_id,
      orderNumber: r.order_number,
      buyerName: r.buyer_name,
      taxableCents: r.taxable_cents,
      vatCents: r.vat_cents,
      totalCents: r.total_cents,
      refersTo: refersTo ? { id: refersTo, number: rel.byId.get(refersTo) ?? '' } : null,
      creditedBy: rel.creditOf.get(r.id) ?? null,
      fileName: r.file_name,
    };
  });
}
