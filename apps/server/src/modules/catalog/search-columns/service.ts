import type { Db } from '../../../db/index.js';
import { searchColumnsRepo } from './repo.js';

/**
 * The steps through which the search index keeps products' derived columns, in its own
 * transaction: search folds the title (modules/search/normalise.ts) and hands the key over, the
 * catalogue writes its own table. app.ts passes these to search (search does not import catalog).
 */
export const searchColumns = {
  async setSortTitle(trx: Db, productId: string, sortTitle: string): Promise<void> {
    await searchColumnsRepo(trx).setSortTitle(productId, sortTitle);
  },
};
