import type { Db } from '../../../db/index.js';

/** The columns of products that the search index derives from the product's text. */
export function searchColumnsRepo(db: Db) {
  return {
    /** The name sort key, written only when it changed (most rebuilds keep the title). */
    setSortTitle: (productId: string, sortTitle: string) =>
      db.updateTable('products').set({ sort_title: sortTitle }).where('id', '=', productId).where('sort_title', '!=', sortTitle).execute(),
  };
}

export type SearchColumnsRepo = ReturnType<typeof searchColumnsRepo>;
