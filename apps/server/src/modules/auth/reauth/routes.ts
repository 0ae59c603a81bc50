import type { FastifyInstance } from 'fastify';
import { passkeyProofSchema, reauthenticatedSchema, reauthenticateSchema, webauthnOptionsSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/guard.js';
import { passkeyProof } from '../passkeys/proof.js';
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

  const withPasskey = passkeyProof(ctx);
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reauthenticate/passkey/options',
      auth: 'user',
      summary: 'Conferma la tua identità con una passkey: la richiesta per il browser',
      tags: ['auth'],
      response: { 200: webauthnOptionsSchema },
    },
    async (req) => withPasskey.options(requireUser(req)),
  );
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reauthenticate/passkey',
      auth: 'user',
      summary: 'Conferma la tua identità con una passkey per cinque minuti',
      tags: ['auth'],
      body: passkeyProofSchema,
      response: { 200: reauthenticatedSchema },
    },
    async (req, { body }) => withPasskey.prove(requireUser(req), body),
  );
}
