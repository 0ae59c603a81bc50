import type { FastifyInstance } from 'fastify';
import type { MeResponse } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { clock } from '../../lib/clock.js';
import { unauthenticated } from '../../lib/errors.js';
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
}
