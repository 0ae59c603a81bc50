import type { FastifyInstance } from 'fastify';
import { activeStoreResponseSchema, createProfileSchema, meResponseSchema, profileCreatedSchema, setActiveStoreSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/guard.js';
import { usersService, type AccountStores } from './service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, stores: AccountStores) {
  const users = usersService(ctx, stores);

  addRoute(
    app,
    { method: 'GET', url: '/api/me', auth: 'user', summary: 'Profilo, store e inviti in sospeso', tags: ['account'], response: { 200: meResponseSchema } },
    async (req) => users.me(requireUser(req).id),
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
    async (req, { body }) => users.setActiveStore(requireUser(req).id, body.storeId),
  );

  /** Spec §4 sign-in, "profile missing": the profile and a default store (users/service.ts). */
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
    async (req) => users.createProfile(requireUser(req).id),
  );
}
