import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  confirmedFactorSchema,
  confirmFactorSchema,
  disableFactorSchema,
  enrolFactorSchema,
  enrolledFactorSchema,
  factorListSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  sessionResponseSchema,
  verifyChallengeSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/guard.js';
import type { IssuedSession } from '../sessions.js';
import { twoStepService } from './service.js';

const tags = ['auth'];
const factorParams = z.object({ id: z.string().max(64) });

/**
 * 'Verifica in due passaggi' under /api/auth (the spec's /factors shapes): list, enrol, confirm
 * with a first code, turn off, and the sign-in step that trades a challenge and a code for a session.
 */
export function registerTwoStepRoutes(app: FastifyInstance, ctx: AppContext, setSessionCookies: (reply: FastifyReply, issued: IssuedSession) => void) {
  const twoStep = twoStepService(ctx);

  addRoute(
    app,
    { method: 'GET', url: '/api/auth/factors', auth: 'user', summary: 'I fattori della verifica in due passaggi', tags, response: { 200: factorListSchema } },
    async (req) => ({ factors: await twoStep.list(requireUser(req).id) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/factors',
      auth: 'user',
      summary: "Attiva un'app di autenticazione (URI, QR e chiave)",
      tags,
      body: enrolFactorSchema,
      response: { 201: enrolledFactorSchema },
    },
    async (req, { body }) => twoStep.enrol(requireUser(req).id, body),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/factors/:id/verify',
      auth: 'user',
      summary: 'Conferma con il primo codice; restituisce i codici di recupero (una volta sola)',
      tags,
      params: factorParams,
      body: confirmFactorSchema,
      response: { 200: confirmedFactorSchema },
    },
    async (req, { params, body }) => {
      const user = requireUser(req);
      return twoStep.confirm(user.id, user.sessionId, params.id, body.code);
    },
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/auth/factors/:id',
      auth: 'user',
      summary: 'Disattiva la verifica in due passaggi (serve un codice o la password)',
      tags,
      params: factorParams,
      body: disableFactorSchema,
      response: { 204: null },
    },
    async (req, { params, body }) => {
      await twoStep.disable(requireUser(req).id, params.id, body);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/factors/:id/recovery-codes',
      auth: 'user',
      summary: 'Genera nuovi codici di recupero (serve un codice o la password); i precedenti smettono di valere',
      tags,
      params: factorParams,
      body: regenerateRecoveryCodesSchema,
      response: { 200: recoveryCodesSchema },
    },
    async (req, { params, body }) => ({ recoveryCodes: await twoStep.regenerateRecoveryCodes(requireUser(req).id, params.id, body) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login/verify',
      auth: 'public',
      summary: 'Accesso, secondo passaggio: il codice di verifica o un codice di recupero',
      tags,
      body: verifyChallengeSchema,
      response: { 200: sessionResponseSchema },
    },
    async (req, { body }, reply) => {
      const issued = await twoStep.verifyChallenge(body.challengeId, body.code, req.headers['user-agent'], req.ip);
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );
}
