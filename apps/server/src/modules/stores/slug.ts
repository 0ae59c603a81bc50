import type { Db } from '../../db/index.js';
import { storesRepo } from './repo.js';

const SLUG_MAX = 50;

/**
 * The URL name of a store: lower case, accents folded ('Caffè' → 'caffe'), anything that is not
 * a letter or digit removed, words joined by single hyphens. Never empty.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-$/, '');
  return slug || 'store';
}

/**
 * The first free slug for `base`: base itself, else base-2, base-3… Racing creations can still
 * pick the same one; the unique index catches it and the caller retries (see service.createStore).
 */
export async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = await storesRepo(db).slugsLike(base);
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let max = 1;
  const suffix = new RegExp(`^${base}-(\\d+)$`);
  for (const slug of taken) {
    const n = Number(suffix.exec(slug)?.[1] ?? 0);
    if (n > max && n < 1_000_000) max = n;
  }
  return `${base}-${max + 1}`;
}
