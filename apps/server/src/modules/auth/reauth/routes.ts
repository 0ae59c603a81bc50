import type { FastifyInstance } from 'fastify';
import { reauthenticatedSchema, reauthenticateSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/guard.js';
import { reauthService } from './service.js';

/** POST /api/auth/reauthenticate: 'Conferma la tua identità' before a change that moves money or power. */
export function registerReauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const reauth = reauthService(ctx);
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reauthenticate',
      auth: 'user',
      summary: 'Conferma la tua identità (password o codice di verifica) per cinque minuti',
      tags: ['auth'],
      body: reauthenticateSchema,
      response: { 200: reauthenticatedSchema },
    },
    async (req, { body }) => reauth.reauthenticate(requireUser(req), body),
  );
}
