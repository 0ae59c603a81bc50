import { CATALOG_LIMITS, catalogMsg, categorySlug, type Category, type CategoryInput } from '@vetrina/shared';
import { isUniqueViolation, type Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { refreshStale } from '../search/repo.js';

type CategoryData = Required<CategoryInput>;

/** The slug of spec §5: the one typed (normalised the same way) or, when empty, the name's. */
function slugFor(input: CategoryData): string {
  const slug = categorySlug(input.slug) || categorySlug(input.name);
  if (!slug) throw badRequest(catalogMsg.slugEmpty, 'slug');
  return slug;
}

const slugTaken = () => conflict(catalogMsg.slugTaken, { field: 'slug' });

async function guardSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/** A category id of this store (another store's id is "not found"); used by product saves too. */
export async function assertCategoryOf(db: Db, storeId: string, categoryId: string): Promise<void> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).where('store_id', '=', storeId).executeTakeFirst();
  if (!row) throw notFound(catalogMsg.categoryNotFound);
}

export function categoriesService(db: Db) {
  async function get(storeId: string, categoryId: string): Promise<Category> {
    const r = await db
      .selectFrom('categories as c')
      .select(['c.id', 'c.name', 'c.slug', 'c.created_at'])
      .select((eb) =>
        eb
          .selectFrom('products as p')
          .whereRef('p.category_id', '=', 'c.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('product_count'),
      )
      .where('c.id', '=', categoryId)
      .where('c.store_id', '=', storeId)
      .executeTakeFirst();
    if (!r) throw notFound(catalogMsg.categoryNotFound);
    return { id: r.id, name: r.name, slug: r.slug, createdAt: r.created_at, productCount: Number(r.product_count ?? 0) };
  }

  return {
    get,

    /** Ordered by name (spec §7); a store has at most CATALOG_LIMITS.categoriesPerStore, so the list is bounded. */
    async list(storeId: string): Promise<Category[]> {
      const rows = await db
        .selectFrom('categories as c')
        .select(['c.id', 'c.name', 'c.slug', 'c.created_at'])
        .select((eb) =>
          eb
            .selectFrom('products as p')
            .whereRef('p.category_id', '=', 'c.id')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('product_count'),
        )
        .where('c.store_id', '=', storeId)
        .orderBy('c.name')
        .orderBy('c.id')
        .limit(CATALOG_LIMITS.categoriesPerStore)
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, createdAt: r.created_at, productCount: Number(r.product_count ?? 0) }));
    },

    async create(storeId: string, input: CategoryData): Promise<Category> {
      const slug = slugFor(input);
      const count = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= CATALOG_LIMITS.categoriesPerStore) throw conflict(catalogMsg.tooManyCategories);
      const id = newId();
      await guardSlug(() => db.insertInto('categories').values({ id, store_id: storeId, name: input.name, slug, created_at: clock.iso() }).execute());
      return get(storeId, id);
    },

    async update(storeId: string, categoryId: string, input: CategoryData): Promise<Category> {
      const slug = slugFor(input);
      // A new name changes what finds the category's products: their search rows are rebuilt in the same transaction.
      const res = await guardSlug(() =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('categories')
            .set({ name: input.name, slug })
            .where('id', '=', categoryId)
            .where('store_id', '=', storeId)
            .executeTakeFirst();
          await refreshStale(trx, storeId);
          return updated;
        }),
      );
      if (Number(res.numUpdatedRows) === 0) throw notFound(catalogMsg.categoryNotFound);
      return get(storeId, categoryId);
    },

    /** Products keep existing without a category (the foreign key sets theirs to null). */
    async remove(storeId: string, categoryId: string): Promise<void> {
      const res = await db.deleteFrom('categories').where('id', '=', categoryId).where('store_id', '=', storeId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound(catalogMsg.categoryNotFound);
    },
  };
}
