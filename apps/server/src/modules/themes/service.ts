import type { Theme } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { themesRepo } from './repo.js';

/** The theme catalogue: not tenant data, read by the onboarding, the store settings and the storefront. */
export function themesService(ctx: { db: Db } | AppContext) {
  const repo = themesRepo(ctx.db);
  return {
    /** Active themes, oldest first: the first one is the onboarding default (spec §4). */
    listActive: (): Promise<Theme[]> => repo.listActive(),
    /** The theme if it exists and is active. */
    findActive: (id: string) => repo.findActive(id),
  };
}
export type ThemesService = ReturnType<typeof themesService>;
