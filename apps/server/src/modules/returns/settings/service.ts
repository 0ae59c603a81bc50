import { Kysely } from 'kysely';
import { DEFAULT_RETURN_SETTINGS, returnSettingsSchema, type ReturnSettings } from '@vetrina/shared/returns';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { returnSettingsRepo } from './repo.js';

/** Stored JSON read back through the schema: a row that no longer parses falls back to the default. */
function parseStored(raw: string | undefined): ReturnSettings {
  if (!raw) return DEFAULT_RETURN_SETTINGS;
  try {
    const parsed = returnSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_RETURN_SETTINGS;
  } catch {
    return DEFAULT_RETURN_SETTINGS;
  }
}

/**
 * A store's return address, who pays return shipping and the instructions (the defaults when none
 * were saved): the withdrawal form, its mail and the legal templates read them from here.
 */
export async function returnSettingsOf(source: AppContext | Db, storeId: string): Promise<ReturnSettings> {
  const db = source instanceof Kysely ? source : source.db;
  return parseStored(await returnSettingsRepo(db).find(storeId));
}

/** Impostazioni → Resi. */
export function returnSettingsService(ctx: AppContext) {
  const repo = returnSettingsRepo(ctx.db);
  return {
    get: (storeId: string) => returnSettingsOf(ctx, storeId),

    /** Saves the settings (the store's cached pages are dropped by the member-write hook in app.ts). */
    async save(storeId: string, input: ReturnSettings): Promise<ReturnSettings> {
      await repo.save(storeId, JSON.stringify(input));
      return input;
    },
  };
}
