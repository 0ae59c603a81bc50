import { bulkMsg, type ProductBulkData, type ProductBulkResult } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { notFound } from '../../../lib/errors.js';
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

/**
 * The products table's bulk actions (docs/decisions/0027-back-office-tables.md): all the selected
 * products change, or none. Deleting goes through the single delete's own steps (variants, stock,
 * SKUs, then image files once committed).
 */
export async function applyProductBulk(ctx: AppContext, member: Pick<CatalogMember, 'storeId'>, input: ProductBulkData): Promise<ProductBulkResult> {
  const { storeId } = member;
  const keys = await ctx.db.transaction().execute(async (trx) => {
    if (input.action === 'category' && input.categoryId) await assertCategoryOf(trx, storeId, input.categoryId);
    const ids = await lockSelection(trx, storeId, input.ids);
    if (input.action === 'delete') {
      const removed: string[] = [];
      for (const id of ids) removed.push(...(await writeProductDelete(trx, storeId, id)));
      return removed;
    }
    const changes = input.action === 'status' ? { status: input.status } : { category_id: input.categoryId };
    await productsRepo(trx).updateMany(storeId, ids, changes);
    // A new category changes what the products are found by (the triggers marked their search rows).
    await refreshStale(trx, storeId);
    return [];
  });
  await removeFiles(ctx, keys);
  return { count: input.ids.length };
}
