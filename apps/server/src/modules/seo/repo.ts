import { CATALOG_LIMITS } from '@vetrina/shared';
import type { Db } from '../../db/index.js';

/** Rows read per query while a sitemap streams out: a 50,000-URL page never sits in memory at once. */
const CHUNK = 2_000;

export interface DatedSlug {
  slug: string;
  lastmod: string | null;
}

/** The SQL of the sitemaps: only what a search engine may see (stores, categories, active products). */
export function seoRepo(db: Db) {
  const activeOf = (storeId: string) => db.selectFrom('products').where('store_id', '=', storeId).where('status', '=', 'active');

  return {
    /** The latest change among the store's active products, else when the store was created. */
    async storeLastmod(storeId: string): Promise<string | null> {
      const [latest, store] = await Promise.all([
        activeOf(storeId)
          .select((eb) => eb.fn.max('updated_at').as('at'))
          .executeTakeFirst(),
        db.selectFrom('stores').select('created_at').where('id', '=', storeId).executeTakeFirst(),
      ]);
      return (latest?.at as string | null | undefined) ?? store?.created_at ?? null;
    },

    /** Every category (a store has at most 200) with its latest active product change, else its creation; by slug. */
    async categories(storeId: string): Promise<DatedSlug[]> {
      const rows = await db
        .selectFrom('categories as c')
        .leftJoin('products as p', (j) => j.onRef('p.category_id', '=', 'c.id').on('p.status', '=', 'active'))
        .select((eb) => ['c.slug', 'c.created_at', eb.fn.max('p.updated_at').as('latest')])
        .where('c.store_id', '=', storeId)
        .groupBy(['c.id', 'c.slug', 'c.created_at'])
        .orderBy('c.slug')
        .limit(CATALOG_LIMITS.categoriesPerStore)
        .execute();
      return rows.map((r) => ({ slug: r.slug, lastmod: (r.latest as string | null) ?? r.created_at }));
    },

    async activeProductCount(storeId: string): Promise<number> {
      const r = await activeOf(storeId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /**
     * `limit` active products of the store from `offset`, by slug, in chunks: the first chunk skips
     * `offset` rows, the next ones continue after the last slug (the (store_id, slug) index serves both).
     */
    async *activeProducts(storeId: string, offset: number, limit: number): AsyncGenerator<DatedSlug[]> {
      let after: string | null = null;
      for (let left = limit; left > 0;) {
        let q = activeOf(storeId).select(['slug', 'updated_at']).orderBy('slug').limit(Math.min(CHUNK, left));
        q = after === null ? q.offset(offset) : q.where('slug', '>', after);
        const rows = await q.execute();
        if (!rows.length) return;
        yield rows.map((r) => ({ slug: r.slug, lastmod: r.updated_at }));
        left -= rows.length;
        after = rows[rows.length - 1]!.slug;
        if (rows.length < CHUNK) return;
      }
    },

    async storeCount(): Promise<number> {
      const r = await db
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Store slugs in slug order from `offset`, leaving out `except` ids, in chunks (as activeProducts). */
    async *storeSlugs(offset: number, limit: number, except: string[]): AsyncGenerator<string[]> {
      let after: string | null = null;
      for (let left = limit; left > 0;) {
        let q = db.selectFrom('stores').select('slug').orderBy('slug').limit(Math.min(CHUNK, left));
        if (except.length) q = q.where('id', 'not in', except);
        q = after === null ? q.offset(offset) : q.where('slug', '>', after);
        const rows = await q.execute();
        if (!rows.length) return;
        yield rows.map((r) => r.slug);
        left -= rows.length;
        after = rows[rows.length - 1]!.slug;
        if (rows.length < CHUNK) return;
      }
    },

    /** Stores with more than `minProducts` active products, with their active product and category counts, by slug. */
    async storesWithManyProducts(minProducts: number): Promise<Array<{ id: string; slug: string; products: number; categories: number }>> {
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('stores as s', 's.id', 'p.store_id')
        .select((eb) => ['s.id', 's.slug', eb.fn.countAll<number>().as('n')])
        .where('p.status', '=', 'active')
        .groupBy(['s.id', 's.slug'])
        .having((eb) => eb.fn.countAll(), '>', minProducts)
        .orderBy('s.slug')
        .execute();
      if (!rows.length) return [];
      const cats = await db
        .selectFrom('categories')
        .select((eb) => ['store_id', eb.fn.countAll<number>().as('n')])
        .where(
          'store_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('store_id')
        .execute();
      const catsOf = new Map(cats.map((c) => [c.store_id, Number(c.n)]));
      return rows.map((r) => ({ id: r.id, slug: r.slug, products: Number(r.n), categories: catsOf.get(r.id) ?? 0 }));
    },
  };
}
export type SeoRepo = ReturnType<typeof seoRepo>;
