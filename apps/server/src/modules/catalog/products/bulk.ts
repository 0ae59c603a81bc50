import { bulkMsg, PRODUCT_STATUS_LABELS, type AuditChange, type ProductBulkData, type ProductBulkResult } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { notFound } from '../../../lib/errors.js';
import { audit } from '../../audit/service.js';
import { refreshStale } from '../../search/service.js';
import { assertCategoryOf } from '../categories/service.js';
import { removeFiles } from '../images/files.js';
import type { CatalogMember } from '../member.js';
import { productsRepo } from './repo.js';
import { writeProductDelete } from './service.js';

/**
 * Locks the selected products (in id order, so two bulk requests cannot deadlock) and checks that
 * every one is the store's: another store's or an unknown id stops the whole request (404) before
 * anything is written.
 */
async function lockSelection(trx: Db, storeId: string, ids: string[]): Promise<string[]> {
  const sorted = [...ids].sort();
  if ((await productsRepo(trx).lockMany(storeId, sorted)) !== sorted.length) throw notFound(bulkMsg.productsNotFound);
  return sorted;
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productsRepo>['listRows']>>[number];

/** '1 prodotto eliminato', '3 prodotti eliminati'. */
const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const rowChange = (r: ProductRow, field: string, label: string, before: string | null, after: string | null): AuditChange => ({
  field: `${field}:${r.id}`,
  label: `${label} — ${r.title}`,
  before,
  after,
});

/**
 * The bulk action's one entry in 'Registro attività' (kind 'bulk'), in its transaction: what changed
 * for each selected product, by title. `after`: the rows as the action left them (none when deleted).
 */
async function recordProductBulk(trx: Db, member: CatalogMember, input: ProductBulkData, before: ProductRow[], after: ProductRow[]) {
  const afterOf = new Map(after.map((r) => [r.id, r]));
  const n = before.length;
  if (input.action === 'delete') {
    const changes = before.map((r) => rowChange(r, 'product', 'Prodotto', r.title, null));
    return audit.record(trx, member, {
      kind: 'bulk',
      action: 'catalog.bulk_delete',
      summary: `Azione di massa: ${counted(n, 'prodotto eliminato', 'prodotti eliminati')}`,
      changes,
    });
  }
  if (input.action === 'status') {
    const label = PRODUCT_STATUS_LABELS[input.status];
    const changes = before.filter((r) => r.status !== input.status).map((r) => rowChange(r, 'status', 'Stato', PRODUCT_STATUS_LABELS[r.status], label));
    return audit.record(trx, member, {
      kind: 'bulk',
      action: 'catalog.bulk_status',
      summary: `Azione di massa: stato «${label}» per ${counted(n, 'prodotto', 'prodotti')}`,
      changes,
    });
  }
  const category = (name: string | null | undefined) => name ?? 'Senza categoria';
  const target = category(after[0]?.category_name);
  const changes = before
    .filter((r) => r.category_id !== input.categoryId)
    .map((r) => rowChange(r, 'category', 'Categoria', category(r.category_name), category(afterOf.get(r.id)?.category_name)));
  return audit.record(trx, member, {
    kind: 'bulk',
    action: 'catalog.bulk_category',
    summary: `Azione di massa: ${counted(n, 'prodotto spostato', 'prodotti spostati')} in «${target}»`,
    changes,
  });
}

/**
 * The products table's bulk actions (docs/decisions/0027-back-office-tables.md): all the selected
 * products change, or none. Deleting goes through the single delete's own steps (variants, stock,
 * SKUs, then image files once committed).
 */
export async function applyProductBulk(ctx: AppContext, member: CatalogMember, input: ProductBulkData): Promise<ProductBulkResult> {
  const { storeId } = member;
  const keys = await ctx.db.transaction().execute(async (trx) => {
    if (input.action === 'category' && input.categoryId) await assertCategoryOf(trx, storeId, input.categoryId);
    const ids = await lockSelection(trx, storeId, input.ids);
    const before = await productsRepo(trx).listRows(ids);
    if (input.action === 'delete') {
      const removed: string[] = [];
      for (const id of ids) removed.push(...(await writeProductDelete(trx, storeId, id)));
      await recordProductBulk(trx, member, input, before, []);
      return removed;
    }
    const changes = input.action === 'status' ? { status: input.status } : { category_id: input.categoryId };
    await productsRepo(trx).updateMany(storeId, ids, changes);
    await recordProductBulk(trx, member, input, before, await productsRepo(trx).listRows(ids));
    // A new category changes what the products are found by (the triggers marked their search rows).
    await refreshStale(trx, storeId);
    return [];
  });
  await removeFiles(ctx, keys);
  return { count: input.ids.length };
}
