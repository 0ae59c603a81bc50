import type { Db } from '../../../db/index.js';
import { clock } from '../../../lib/clock.js';

/** The only SQL of Impostazioni → Resi: one row per store that saved them (JSON). */
export function returnSettingsRepo(db: Db) {
  return {
    async find(storeId: string): Promise<string | undefined> {
      const row = await db.selectFrom('store_return_settings').select('settings').where('store_id', '=', storeId).executeTakeFirst();
      return row?.settings;
    },

    async save(storeId: string, settings: string) {
      const updated_at = clock.iso();
      await db
        .insertInto('store_return_settings')
        .values({ store_id: storeId, settings, updated_at })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ settings, updated_at }))
        .execute();
    },
  };
}
