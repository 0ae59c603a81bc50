import { CATALOG_LIMITS, catalogMsg, categorySlug, type Category, type CategoryInput } from '@vetrina/shared';
import { isUniqueViolation, type Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { StoreMembership } from '../../../plugins/guard.js';
import { refreshStale } from '../../search/service.js';
import { categoriesRepo, type CategoriesRepo } from './repo.js';

type CategoryData = Required<CategoryInput>;
type Member = Pick<StoreMembership, 'storeId'>;

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

type CategoryWithCount = NonNullable<Awaited<ReturnType<CategoriesRepo['byId']>>>;

const toCategory = (r: CategoryWithCount): Category => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  createdAt: r.created_at,
  productCount: Number(r.product_count ?? 0),
});

async function getOf(repo: CategoriesRepo, storeId: string, categoryId: string): Promise<Category> {
  const r = await repo.byId(storeId, categoryId);
  if (!r) throw notFound(catalogMsg.categoryNotFound);
  return toCategory(r);
}

/**
 * Category steps that run in the caller's transaction: product saves check the category is the
 * store's, the CSV import creates the categories its file names (with the same limit as the form).
 */
export const categories = {
  /** A category id of this store (another store's id is "not found"). */
  async assertOf(db: Db, storeId: string, categoryId: string): Promise<void> {
    if (!(await categoriesRepo(db).exists(storeId, categoryId))) throw notFound(catalogMsg.categoryNotFound);
  },

  async create(trx: Db, storeId: string, input: CategoryData): Promise<Category> {
    const slug = slugFor(input);
    const repo = categoriesRepo(trx);
    if ((await repo.countOf(storeId)) >= CATALOG_LIMITS.categoriesPerStore) throw conflict(catalogMsg.tooManyCategories);
    const id = newId();
    await guardSlug(() => repo.insert({ id, store_id: storeId, name: input.name, slug, created_at: clock.iso() }));
    return getOf(repo, storeId, id);
  },
};

/** A category id of this store (another store's id is "not found"); used by product saves too. */
export const assertCategoryOf = categories.assertOf;

export function categoriesService(ctx: AppContext) {
  const repo = categoriesRepo(ctx.db);
  return {
    get: (member: Member, categoryId: string) => getOf(repo, member.storeId, categoryId),

    /** Ordered by name (spec §7); a store has at most CATALOG_LIMITS.categoriesPerStore, so the list is bounded. */
    async list(member: Member): Promise<Category[]> {
      return (await repo.list(member.storeId, CATALOG_LIMITS.categoriesPerStore)).map(toCategory);
    },

    create: (member: Member, input: CategoryData) => categories.create(ctx.db, member.storeId, input),

    async update(member: Member, categoryId: string, input: CategoryData): Promise<Category> {
      const slug = slugFor(input);
      // A new name changes what finds the category's products: their search rows are rebuilt in the same transaction.
      const updated = await guardSlug(() =>
        ctx.db.transaction().execute(async (trx) => {
          const n = await categoriesRepo(trx).rename(member.storeId, categoryId, { name: input.name, slug });
          await refreshStale(trx, member.storeId);
          return n;
        }),
      );
      if (updated === 0) throw notFound(catalogMsg.categoryNotFound);
      return getOf(repo, member.storeId, categoryId);
    },

    /** Products keep existing without a category (the foreign key sets theirs to null). */
    async remove(member: Member, categoryId: string): Promise<void> {
      if ((await repo.delete(member.storeId, categoryId)) === 0) throw notFound(catalogMsg.categoryNotFound);
    },
  };
}

export type CategoriesService = ReturnType<typeof categoriesService>;
