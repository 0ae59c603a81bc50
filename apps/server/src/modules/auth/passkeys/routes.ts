import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addPasskeySchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  renamePasskeySchema,
  sessionResponseSchema,
  webauthnOptionsSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/guard.js';
import type { IssuedSession } from '../sessions.js';
import { passkeysService } from './service.js';
import { passkeySignIn } from './sign-in.js';

const tags = ['auth'];
const passkeyParams = z.object({ id: z.string().max(64) });
/** A passkey's answer is a few kilobytes; nothing larger is read. */
const BODY_LIMIT = 32 * 1024;

/**
 * Passkeys under /api/auth/passkeys (the caller's own) and 'Accedi con una passkey' under
 * /api/auth/login/passkey (public: the passkey says whose account it opens).
 */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext, setSessionCookies: (reply: FastifyReply, issued: IssuedSession) => void) {
  const passkeys = passkeysService(ctx);
  const signIn = passkeySignIn(ctx);

  addRoute(
    app,
    { method: 'GET', url: '/api/auth/passkeys', auth: 'user', summary: 'Le passkey del proprio account', tags, response: { 200: passkeyListSchema } },
    async (req) => ({ passkeys: await passkeys.list(requireUser(req).id) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/passkeys/options',
      auth: 'user',
      summary: 'Opzioni per registrare una nuova passkey (navigator.credentials.create)',
      tags,
      response: { 200: webauthnOptionsSchema },
    },
    async (req) => passkeys.registrationOptions(requireUser(req).id),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/passkeys',
      auth: 'user',
      summary: 'Registra una passkey con un nome',
      tags,
      body: addPasskeySchema,
      bodyLimit: BODY_LIMIT,
      response: { 201: passkeySchema },
    },
    async (req, { body }) => {
      const user = requireUser(req);
      return passkeys.register(user.id, body, user.sessionId);
    },
  );

  addRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/auth/passkeys/:id',
      auth: 'user',
      summary: 'Rinomina una passkey',
      tags,
      params: passkeyParams,
      body: renamePasskeySchema,
      response: { 200: passkeySchema },
    },
    async (req, { params, body }) => passkeys.rename(requireUser(req).id, params.id, body.name),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/auth/passkeys/:id',
      // Removing a way in asks 'Conferma la tua identità' if the last proof is older than five minutes.
      auth: { user: true, fresh: true },
      summary: 'Rimuove una passkey (serve una conferma di identità recente)',
      tags,
      params: passkeyParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await passkeys.remove(requireUser(req).id, params.id);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login/passkey/options',
      auth: 'public',
      summary: 'Accesso con una passkey: le opzioni (navigator.credentials.get), anche come secondo passaggio',
      tags,
      body: passkeySignInOptionsSchema.nullish(),
      response: { 200: webauthnOptionsSchema },
    },
    async (req, { body }) => signIn.options(req.ip, body?.challengeId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login/passkey',
      auth: 'public',
      summary: 'Accesso con una passkey (da sola o come secondo passaggio)',
      tags,
      body: passkeySignInSchema,
      bodyLimit: BODY_LIMIT,
      response: { 200: sessionResponseSchema },
    },
    async (req, { body }, reply) => {
      const issued = await signIn.signIn(body, req.headers['user-agent'], req.ip);
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );
}
