import type { FastifyInstance } from 'fastify';
import {
  activeStoreResponseSchema,
  createProfileSchema,
  defaultStoreName,
  DEFAULT_COLORS,
  meResponseSchema,
  profileCreatedSchema,
  setActiveStoreSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound, unauthenticated } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/index.js';
import { createStore } from '../stores/service.js';
import { requireUser } from '../../plugins/guard.js';
import { membershipOf } from '../../lib/tenancy.js';
import { usersRepo } from './repo.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = usersRepo(ctx.db);

  addRoute(
    app,
    { method: 'GET', url: '/api/me', auth: 'user', summary: 'Profilo, store e inviti in sospeso', tags: ['account'], response: { 200: meResponseSchema } },
    async (req) => {
      const user = requireUser(req);
      const account = await ctx.db
        .selectFrom('auth_users')
        .select(['id', 'email', 'created_at', 'email_verified_at'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      if (!account) throw unauthenticated('Sessione scaduta, accedi di nuovo');
      const [profile, stores, pendingInvitations] = await Promise.all([
        repo.findProfile(user.id),
        repo.storesOf(user.id),
        repo.pendingInvitationCount(account.email, clock.iso()),
      ]);
      // The stored active store if the user still belongs to it, else the first store, else none.
      const activeStore = stores.find((s) => s.id === profile?.active_store_id) ?? stores[0] ?? null;
      return {
        user: { id: account.id, email: account.email, createdAt: account.created_at, emailVerified: account.email_verified_at !== null },
        profile: profile ? { activeStoreId: profile.active_store_id } : null,
        stores,
        activeStore,
        pendingInvitations,
      };
    },
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/me/active-store',
      auth: 'user',
      summary: 'Cambia lo store attivo',
      tags: ['account'],
      body: setActiveStoreSchema,
      response: { 200: activeStoreResponseSchema },
    },
    async (req, { body }) => {
      const user = requireUser(req);
      // Another tenant's store is simply not found.
      if (!(await membershipOf(ctx.db, body.storeId, user.id))) throw notFound('Store non trovato');
      await ctx.db.updateTable('users').set({ active_store_id: body.storeId }).where('id', '=', user.id).execute();
      return { activeStoreId: body.storeId };
    },
  );

  /**
   * Spec §4 sign-in, "profile missing": creates the profile and a default store named after the
   * e-mail ('Store di mario' for mario@…), in one transaction, through the same create-store service.
   */
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/me/profile',
      auth: 'user',
      summary: 'Crea il profilo mancante con uno store predefinito',
      tags: ['account'],
      body: createProfileSchema,
      response: { 201: profileCreatedSchema },
    },
    async (req) => {
      const user = requireUser(req);
      const account = await ctx.db.selectFrom('auth_users').select(['id', 'email']).where('id', '=', user.id).executeTakeFirst();
      if (!account) throw unauthenticated('Sessione scaduta, accedi di nuovo');
      if (await repo.findProfile(account.id)) throw conflict('Il profilo esiste già');
      const store = await createStore(ctx, account.id, { name: defaultStoreName(account.email), colors: { ...DEFAULT_COLORS } }, async (trx) => {
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
  );
}
