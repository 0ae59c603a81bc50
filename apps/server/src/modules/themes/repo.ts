import type { Theme } from '@vetrina/shared';
import type { Db } from '../../db/index.js';

export function themesRepo(db: Db) {
  return {
    /** Active themes, oldest first: the first one is the onboarding default (spec §4). */
    async listActive(): Promise<Theme[]> {
      const rows = await db
        .selectFrom('themes')
        .select(['id', 'key', 'name', 'description', 'preview_url', 'created_at'])
        .where('is_active', '=', 1)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => ({ id: r.id, key: r.key, name: r.name, description: r.description, previewUrl: r.preview_url, createdAt: r.created_at }));
    },
    async findActive(id: string) {
      return db.selectFrom('themes').select(['id', 'key']).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
    },
  };
}
