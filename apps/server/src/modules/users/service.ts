import { defaultStoreName, DEFAULT_COLORS, type MeResponse, type StoreColors, type StoreSummary } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { isUniqueViolation } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound, unauthenticated } from '../../lib/errors.js';
import { membershipOf } from '../tenancy/service.js';
import { usersRepo } from './repo.js';

/**
 * Profile writes other modules run inside THEIR transaction (sign-up, store creation and deletion,
 * joining and leaving a team, e-mail change): the users module is the only writer of `users`.
 */
export const userProfiles = {
  insert: (trx: Db, user: { id: string; email: string }, now: string) => usersRepo(trx).insertProfile(user, now),
  ensure: (trx: Db, user: { id: string; email: string }, now: string) => usersRepo(trx).ensureProfile(user, now),
  setActiveStore: (trx: Db, userId: string, storeId: string | null) => usersRepo(trx).setActiveStore(userId, storeId),
  activateIfNone: (trx: Db, userId: string, storeId: string) => usersRepo(trx).activateIfNone(userId, storeId),
  clearActiveStore: (trx: Db, userId: string, storeId: string) => usersRepo(trx).clearActiveStore(userId, storeId),
  usersActiveOn: (trx: Db, storeId: string) => usersRepo(trx).usersActiveOn(storeId),
  changeEmail: (trx: Db, userId: string, email: string) => usersRepo(trx).changeEmail(userId, email),
  saveMailPreferences: (trx: Db, userId: string, p: { orderEmails: boolean; messageEmails: boolean }) => usersRepo(trx).saveMailPreferences(userId, p),
};

/**
 * What the account routes need of the stores module, handed in by app.ts: stores depend on users
 * (a store's creator gets an active store), so users cannot import stores back.
 */
export interface AccountStores {
  /** The stores a user belongs to, newest first, with their theme and the user's role. */
  summariesOf(userId: string): Promise<StoreSummary[]>;
  /** Creates a store as the stores module does; `beforeCreate` runs first in its transaction. */
  create(userId: string, input: { name: string; colors: StoreColors }, beforeCreate: (trx: Db) => Promise<void>): Promise<StoreSummary>;
}

/** The signed-in person's own account: profile, stores and active store. */
export function usersService(ctx: AppContext, stores: AccountStores) {
  const repo = usersRepo(ctx.db);

  return {
    async me(userId: string): Promise<MeResponse> {
      const account = await repo.account(userId);
      if (!account) throw unauthenticated('Sessione scaduta, accedi di nuovo');
      const [profile, list, pendingInvitations] = await Promise.all([
        repo.findProfile(userId),
        stores.summariesOf(userId),
        repo.pendingInvitationCount(account.email, clock.iso()),
      ]);
      // The stored active store if the user still belongs to it, else the first store, else none.
      const activeStore = list.find((s) => s.id === profile?.active_store_id) ?? list[0] ?? null;
      return {
        user: { id: account.id, email: account.email, createdAt: account.created_at, emailVerified: account.email_verified_at !== null },
        profile: profile ? { activeStoreId: profile.active_store_id } : null,
        stores: list,
        activeStore,
        pendingInvitations,
      };
    },

    async setActiveStore(userId: string, storeId: string): Promise<{ activeStoreId: string }> {
      // Another tenant's store is simply not found.
      if (!(await membershipOf(ctx.db, storeId, userId))) throw notFound('Store non trovato');
      await repo.setActiveStore(userId, storeId);
      return { activeStoreId: storeId };
    },

    /**
     * Spec §4 sign-in, "profile missing": creates the profile and a default store named after the
     * e-mail ('Store di mario' for mario@…), in one transaction, through the same create-store service.
     */
    async createProfile(userId: string) {
      const account = await repo.account(userId);
      if (!account) throw unauthenticated('Sessione scaduta, accedi di nuovo');
      if (await repo.findProfile(account.id)) throw conflict('Il profilo esiste già');
      const store = await stores.create(account.id, { name: defaultStoreName(account.email), colors: { ...DEFAULT_COLORS } }, async (trx) => {
        try {
          await usersRepo(trx).insertProfile(account, clock.iso());
        } catch (err) {
          // Two sign-ins racing: the other one created it.
          if (isUniqueViolation(err)) throw conflict('Il profilo esiste già');
          throw err;
        }
      });
      return { profile: { activeStoreId: store.id }, store };
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
