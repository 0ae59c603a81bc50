import { sql, type Kysely } from 'kysely';
import { sortTitle, storeTermText, storeWordPrefix, termText } from './search-normalise-026.js';

type Db = Kysely<any>;

/** How a row holds its words (see `modules/search/repo.ts`): each word marked, or bare with `word_mark`. */
export type WordForm = 'marked' | 'bare';

const BATCH = 100;

interface StaleRow {
  product_id: string;
  version: number;
  title: string;
  description: string;
  sku: string;
  category_name: string | null;
}

/**
 * The search rows rebuilt as migrations 005-026 wrote them: a frozen copy of the search repo's
 * queries over the schema of those migrations (docs/decisions/0042-variants-by-options.md).
 * Migrations must not run the live repo, which reads columns added later (`product_variants.
 * archived_at`, migration 034). The word rules (`normalise.ts`) stay shared: they read no table.
 */
export async function rebuildStaleRows(db: Db, storeId: string, form: WordForm): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = (await db
      .selectFrom('product_search as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .select(['s.product_id', 's.version', 'p.title', 'p.description', 'p.sku', 'c.name as category_name'])
      .where('s.store_id', '=', storeId)
      .where(sql<boolean>`s.version > s.indexed_version`)
      .limit(BATCH)
      .execute()) as StaleRow[];
    if (!stale.length) return done;
    const variants = (await db
      .selectFrom('product_variants')
      .select(['product_id', 'label', 'sku'])
      .where(
        'product_id',
        'in',
        stale.map((r) => r.product_id),
      )
      .execute()) as Array<{ product_id: string; label: string; sku: string }>;
    const variantText = new Map<string, string[]>();
    for (const v of variants) variantText.set(v.product_id, [...(variantText.get(v.product_id) ?? []), v.label, v.sku]);
    const words = form === 'marked' ? (...texts: string[]) => storeTermText(storeId, ...texts) : termText;
    const mark = form === 'bare' ? { word_mark: storeWordPrefix(storeId) } : {};
    for (const r of stale) {
      await db
        .updateTable('product_search')
        .set({
          title_terms: words(r.title),
          meta_terms: words(r.sku, r.category_name ?? '', ...(variantText.get(r.product_id) ?? [])),
          body_terms: words(r.description),
          ...mark,
          indexed_version: r.version,
        })
        .where('product_id', '=', r.product_id)
        .execute();
      await db
        .updateTable('products')
        .set({ sort_title: sortTitle(r.title) })
        .where('id', '=', r.product_id)
        .where('sort_title', '!=', sortTitle(r.title))
        .execute();
    }
    done += stale.length;
  }
}
