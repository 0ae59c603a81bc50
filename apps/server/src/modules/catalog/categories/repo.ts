import type { Db } from '../../../db/index.js';

/** Categories with how many products each holds (the dashboard's list and detail). */
const withProductCount = (db: Db) =>
  db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.created_at'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.category_id', '=', 'c.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('product_count'),
    );

export interface CategoryRow {
  id: string;
  store_id: string;
  name: string;
  slug: string;
  created_at: string;
}

/** The only SQL of the store's categories; inside a transaction build it with the transaction. */
export function categoriesRepo(db: Db) {
  return {
    async exists(storeId: string, categoryId: string): Promise<boolean> {
      const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).where('store_id', '=', storeId).executeTakeFirst();
      return Boolean(row);
    },

    byId: (storeId: string, categoryId: string) => withProductCount(db).where('c.id', '=', categoryId).where('c.store_id', '=', storeId).executeTakeFirst(),

    /** By name, then id; at most `limit`. */
    list: (storeId: string, limit: number) => withProductCount(db).where('c.store_id', '=', storeId).orderBy('c.name').orderBy('c.id').limit(limit).execute(),

    async countOf(storeId: string): Promise<number> {
      const row = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    insert: (row: CategoryRow) => db.insertInto('categories').values(row).execute(),

    /** How many rows changed (0: not this store's category). */
    async rename(storeId: string, categoryId: string, values: { name: string; slug: string }): Promise<number> {
      const res = await db.updateTable('categories').set(values).where('id', '=', categoryId).where('store_id', '=', storeId).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** How many rows went (0: not this store's category). */
    async delete(storeId: string, categoryId: string): Promise<number> {
      const res = await db.deleteFrom('categories').where('id', '=', categoryId).where('store_id', '=', storeId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Every category of the store (the sample data replaces them). */
    deleteAllOf: (storeId: string) => db.deleteFrom('categories').where('store_id', '=', storeId).execute(),
  };
}

export type CategoriesRepo = ReturnType<typeof categoriesRepo>;
