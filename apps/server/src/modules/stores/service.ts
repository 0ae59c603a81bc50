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
import type { ReadsTogether } from '../../db/prepared.js';
import type { MailBrand } from '../mail/templates.js';
import { parseColors, storesRepo } from './repo.js';
import { membersService, storeMembers, type TeamContext } from '../team/service.js';
import { userProfiles } from '../users/service.js';
import { freeSlug, slugify } from './slug.js';
import { audit, changedFields } from '../audit/service.js';

export interface TenantContext {
  storeId: string;
  /** The member and their session, as 'Registro attività' records them. */
  user: { id: string; email?: string; sessionId?: string };
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

/** The store's SKU generator, reset inside the caller's transaction (its first statement locks the store row). */
export const storeSkuCounter = {
  reset: (trx: Db, storeId: string) => storesRepo(trx).resetSkuCounter(storeId),
};

/** What 'Registro attività' compares of a store's own settings, by the field's Italian name. */
const STORE_FIELDS = { name: 'Nome', primary: 'Colore principale', secondary: 'Colore secondario', accent: 'Colore di accento', theme: 'Tema', logo: 'Logo' };
const auditedFields = (s: StoreSummary) => ({ name: s.name, ...s.colors, theme: s.themeName, logo: s.logoUrl });

/**
 * Changes the store row and records the change in 'Registro attività', in one transaction: a change
 * that fails leaves no entry. `false` when the store is gone.
 */
export async function changeStoreRow(
  trx: Db,
  t: TenantContext,
  patch: Parameters<ReturnType<typeof storesRepo>['update']>[1],
  entry: { action: string; summary: string },
): Promise<boolean> {
  const repo = storesRepo(trx);
  const before = await repo.summaryFor(t.storeId, t.user.id);
  if (!before || !(await repo.update(t.storeId, patch))) return false;
  const after = await repo.summaryFor(t.storeId, t.user.id);
  const changes = after ? changedFields(auditedFields(before), auditedFields(after), STORE_FIELDS) : [];
  if (changes.length) await audit.record(trx, t, { kind: 'settings', ...entry, subject: { type: 'store', id: t.storeId, label: after?.name }, changes });
  return true;
}

export async function updateStore(ctx: AppContext, t: TenantContext, patch: { name?: string; colors?: StoreColors; themeId?: string }): Promise<StoreSummary> {
  if (patch.themeId !== undefined) await resolveTheme(ctx.db, patch.themeId);
  const changed = await ctx.db
    .transaction()
    .execute((trx) => changeStoreRow(trx, t, patch, { action: 'store.updated', summary: 'Impostazioni dello store modificate' }));
  if (!changed) throw notFound(storeMsg.notFound);
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
 * The store's order numbers, taken by the checkout in its own transaction (or, on PostgreSQL,
 * with its reads): the only writer of `stores.next_order_number`.
 */
export const storeOrderNumbers = {
  /**
   * The store's next order number: in the order's transaction on SQLite (its shared commit, no
   * gaps); alone on PostgreSQL only when the reads took none although they should have (never seen).
   */
  next: (trx: Db, storeId: string): Promise<number> => storesRepo(trx).takeOrderNumber(storeId),
  /**
   * PostgreSQL: the store's next order number, with the checkout's reads; null when none was
   * taken (`take` false, or the key's order exists).
   */
  besideReads: (reads: ReadsTogether, storeId: string, key: string, take: boolean): Promise<number | null> =>
    storesRepo(reads.db).takeOrderNumberBesideReads(reads, storeId, key, take),
};

/** The store's name, logo (absolute) and main colour, for mails sent in its name (in the caller's transaction when `db` is one). */
export async function storeMailBrand(ctx: AppContext, db: Db, storeId: string): Promise<MailBrand & { slug: string }> {
  const s = await storesRepo(db).mailBrand(storeId);
  if (!s) throw new Error(`store ${storeId} not found for its mail`);
  const logo = s.logo_url ? (/^https?:\/\//.test(s.logo_url) ? s.logo_url : `${ctx.publicUrl()}${s.logo_url.startsWith('/') ? '' : '/'}${s.logo_url}`) : null;
  return { name: s.name, slug: s.slug, logoUrl: logo, color: parseColors(s.colors).primary };
}

/** The store's counters that other modules move inside their own transaction. */
export const storeCounters = {
  /** The SKU generator's number (SKU-0001 is 1). */
  nextSkuNumber: (db: Db, storeId: string) => storesRepo(db).nextSkuNumber(storeId),
  /** A SKU saved in the generator's format (number `n`) moves the generator past it. */
  advanceSku: (trx: Db, storeId: string, n: number) => storesRepo(trx).advanceSkuCounter(storeId, n),
};

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
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await storesRepo(trx).setOwner(team.storeId, team.user.id, member.user_id))) throw conflict(teamMsg.transferConflict);
    await audit.record(trx, team, {
      kind: 'team',
      action: 'team.ownership_transferred',
      summary: `Proprietà dello store trasferita a ${member.email}`,
      subject: { type: 'member', id: member.id, label: member.email },
      changes: [{ field: 'owner', label: 'Proprietario', before: team.user.email ?? null, after: member.email }],
    });
  });
  return members.list(team);
}

/** The stock level at or below which the dashboard lists a product as low (modules/stats). */
export async function setLowStockThreshold(ctx: AppContext, storeId: string, threshold: number): Promise<void> {
  await storesRepo(ctx.db).setLowStockThreshold(storeId, threshold);
}
