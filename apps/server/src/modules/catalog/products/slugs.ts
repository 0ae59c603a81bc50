import { catalogMsg, numberedSlug, productSlugFromTitle } from '@vetrina/shared';
import { isUniqueViolation, type Db } from '../../../db/index.js';
import { conflict } from '../../../lib/errors.js';
import { productsRepo } from './repo.js';

/**
 * Product slugs (the product's address /store/{storeSlug}/products/{slug}), unique per store.
 * Derived from the title on creation (productSlugFromTitle, packages/shared) and then kept when
 * the title changes, so links already shared keep working; only the merchant changes one.
 */

export const productSlugTaken = () => conflict(catalogMsg.productSlugTaken, { field: 'slug' });

/** True when a write lost the race for a slug: the (store_id, slug) unique index refused it. */
export function isProductSlugViolation(err: unknown): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { constraint?: string; message?: string };
  return e.constraint === 'products_store_slug_uq' || /products_store_slug_uq|products\.slug/.test(e.message ?? '');
}

/** The first free slug of the store for a title: its own slug, else with -2, -3… (checked 50 at a time). */
export async function freeSlugFor(db: Db, storeId: string, title: string): Promise<string> {
  const base = productSlugFromTitle(title);
  for (let start = 1; ; start += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => numberedSlug(base, start + i));
    const taken = await productsRepo(db).takenSlugs(storeId, candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
  }
}

/** A new product's slug: the merchant's (409 when another product of the store has it), else derived from the title. */
export async function slugForNewProduct(db: Db, storeId: string, title: string, requested: string | undefined): Promise<string> {
  if (!requested) return freeSlugFor(db, storeId, title);
  if (await productsRepo(db).slugTaken(storeId, requested)) throw productSlugTaken();
  return requested;
}

/** An existing product's slug after an edit: kept unless the merchant sent another one that is free. */
export async function slugAfterEdit(db: Db, storeId: string, productId: string, current: string, requested: string | undefined): Promise<string> {
  if (!requested || requested === current) return current;
  if (await productsRepo(db).slugTaken(storeId, requested, productId)) throw productSlugTaken();
  return requested;
}

/**
 * Runs a product write that claims a slug. A slug the merchant chose that was taken meanwhile is
 * 'Esiste già un prodotto con questo slug' (409); a derived one lost to a concurrent save of the
 * same title is derived again (the write recomputes it on each attempt).
 */
export async function guardSlug<T>(write: () => Promise<T>, opts: { derived: boolean }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isProductSlugViolation(err)) throw err;
      if (!opts.derived || attempt >= 10) throw productSlugTaken();
    }
  }
}
