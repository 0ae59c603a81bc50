import type { FastifyInstance } from 'fastify';
import { setActiveStoreSchema, type MeResponse } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { clock } from '../../lib/clock.js';
import { notFound, unauthenticated } from '../../lib/errors.js';
import { requireUser } from '../../plugins/guard.js';
import { usersRepo } from './repo.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = usersRepo(ctx.db);

  addRoute(app, { method: 'GET', url: '/api/me', auth: 'user', summary: 'Profilo, store e inviti in sospeso', tags: ['account'] }, async (req): Promise<MeResponse> => {
    const user = requireUser(req);
    const account = await ctx.db.selectFrom('auth_users').select(['id', 'email', 'created_at']).where('id', '=', user.id).executeTakeFirst();
    if (!account) throw unauthenticated('Sessione scaduta, accedi di nuovo');
    const [profile, stores, pendingInvitations] = await Promise.all([
      repo.findProfile(user.id),
      repo.storesOf(user.id),
      repo.pendingInvitationCount(account.email, clock.iso()),
    ]);
    // The stored active store if the user still belongs to it, else the first store, else none.
    const activeStore = stores.find((s) => s.id === profile?.active_store_id) ?? stores[0] ?? null;
    return {
      user: { id: account.id, email: account.email, createdAt: account.created_at },
      profile: profile ? { activeStoreId: profile.active_store_id } : null,
      stores,
      activeStore,
      pendingInvitations,
    };
  });

  addRoute(app, { method: 'PUT', url: '/api/me/active-store', auth: 'user', summary: 'Cambia lo store attivo', tags: ['account'], body: setActiveStoreSchema }, async (req, { body }) => {
    const user = requireUser(req);
    const member = await ctx.db.selectFrom('store_members').select('id').where('store_id', '=', body.storeId).where('user_id', '=', user.id).executeTakeFirst();
    // Another tenant's store is simply not found.
    if (!member) throw notFound('Store non trovato');
    await ctx.db.updateTable('users').set({ active_store_id: body.storeId }).where('id', '=', user.id).execute();
    return { activeStoreId: body.storeId };
  });
}
