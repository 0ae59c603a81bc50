import { setTimeout as sleep } from 'node:timers/promises';
import { storeMsg, teamMsg, type StoreColors, type StoreSummary, type TeamMember } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { isUniqueViolation } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { confirmPassword } from '../auth/throttle.js';
import { themesService } from '../themes/service.js';
import { topics } from '../realtime/bus.js';
import { membersService, storeMembers, type TeamContext } from '../team/service.js';
import { userProfiles } from '../users/service.js';
import { storesRepo } from './repo.js';
import { freeSlug, slugify } from './slug.js';

export interface TenantContext {
  storeId: string;
  user: { id: string };
}

export interface NewStore {
  name: string;
  colors: StoreColors;
  themeId?: string;
}

/** The chosen theme if it exists and is active, else the first active one when none was chosen. */
async function resolveTheme(db: Db, themeId: string | undefined): Promise<string | null> {
  const themes = themesService({ db });
  if (themeId !== undefined) {
    const theme = await themes.findActive(themeId);
    if (!theme) throw badRequest(storeMsg.themeInvalid, 'themeId');
    return theme.id;
  }
  return (await themes.listActive())[0]?.id ?? null;
}

const SLUG_ATTEMPTS = 8;

/**
 * Spec's create_user_store: in one transaction the store, the creator's admin membership and the
 * creator's active store. Two stores created at once with the same name can both pick the same
 * free slug; the unique index refuses the second, which then retries with the next suffix.
 * `beforeCreate` runs first in the same transaction (the sign-in path inserts the profile there).
 */
export async function createStore(ctx: AppContext, userId: string, input: NewStore, beforeCreate?: (trx: Db) => Promise<void>): Promise<StoreSummary> {
  const themeId = await resolveTheme(ctx.db, input.themeId);
  const base = slugify(input.name);
  for (let attempt = 1; ; attempt++) {
    const id = newId();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await beforeCreate?.(trx);
        const repo = storesRepo(trx);
        const slug = await freeSlug(trx, base);
        const now = clock.iso();
        await repo.insertStore({ id, name: input.name, slug, colors: input.colors, themeId, userId, now });
        await storeMembers.add(trx, { storeId: id, userId, role: 'admin', createdAt: now });
        await userProfiles.setActiveStore(trx, userId, id);
      });
      const created = await storesRepo(ctx.db).summaryFor(id, userId);
      if (!created) throw notFound(storeMsg.notFound);
      // A visit to this address before it existed may have cached its 'Store non trovato' page.
      ctx.storeChanged(created.slug);
      return created;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= SLUG_ATTEMPTS) throw err;
      await sleep(Math.floor(Math.random() * 20 * attempt));
    }
  }
}

/** The stores a user belongs to, newest first (spec §7: ordered created_at descending). */
export const storesOf = (ctx: AppContext, userId: string): Promise<StoreSummary[]> => storesRepo(ctx.db).summariesOf(userId);

export async function getStore(ctx: AppContext, t: TenantContext): Promise<StoreSummary> {
  const store = await storesRepo(ctx.db).summaryFor(t.storeId, t.user.id);
  if (!store) throw notFound(storeMsg.notFound);
  return store;
}

export async function updateStore(ctx: AppContext, t: TenantContext, patch: { name?: string; colors?: StoreColors; themeId?: string }): Promise<StoreSummary> {
  if (patch.themeId !== undefined) await resolveTheme(ctx.db, patch.themeId);
  if (!(await storesRepo(ctx.db).update(t.storeId, patch))) throw notFound(storeMsg.notFound);
  return getStore(ctx, t);
}

/**
 * Deletes a store and everything it owns: its rows (cascade) in one transaction, then its files.
 * Whoever had it as active store moves to their newest remaining store, or none.
 */
export async function deleteStore(ctx: AppContext, t: TenantContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const repo = storesRepo(trx);
    const affected = await userProfiles.usersActiveOn(trx, t.storeId);
    await repo.delete(t.storeId);
    for (const userId of affected) await userProfiles.setActiveStore(trx, userId, await repo.newestStoreIdOf(userId));
  });
  // Open dashboards and chats of this store stop receiving its events on every instance.
  await ctx.bus.publish(topics.control, { type: 'access.store-deleted', storeId: t.storeId }).catch((err: unknown) => {
    ctx.log.error({ err, storeId: t.storeId }, 'store deleted but the access event could not be published');
  });
  // Files cannot join the transaction: removed after the commit; a failure leaves orphans, logged.
  await ctx.storage.deletePrefix(`stores/${t.storeId}/`).catch((err: unknown) => {
    ctx.log.error({ err, storeId: t.storeId }, 'store deleted but its files could not be removed');
  });
}

/**
 * Owner only (guard: 'team:owner'), confirmed with the owner's password: another admin becomes the
 * owner; the former owner stays an admin. Conditional on the owner not having changed meanwhile.
 */
export async function transferOwnership(ctx: AppContext, team: TeamContext, memberId: string, password: string): Promise<TeamMember[]> {
  const members = membersService(ctx);
  const member = await members.memberOf(team, memberId);
  if (member.user_id === team.user.id) throw badRequest(teamMsg.transferToSelf, 'memberId');
  if (member.role !== 'admin') throw badRequest(teamMsg.transferTargetNotAdmin, 'memberId');
  await confirmPassword(ctx, team.user.id, password);
  if (!(await storesRepo(ctx.db).setOwner(team.storeId, team.user.id, member.user_id))) throw conflict(teamMsg.transferConflict);
  return members.list(team);
}

/** The stock level at or below which the dashboard lists a product as low (modules/stats). */
export async function setLowStockThreshold(ctx: AppContext, storeId: string, threshold: number): Promise<void> {
  await storesRepo(ctx.db).setLowStockThreshold(storeId, threshold);
}
