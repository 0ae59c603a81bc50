import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  emailChangeSchema,
  msg,
  verifyEmailRequestSchema,
  recoverSchema,
  resetPasswordSchema,
  signInSchema,
  signOutSchema,
  signUpSchema,
  tokenSchema,
  acceptedResponseSchema,
  authUserResponseSchema,
  confirmedEmailSchema,
  sessionResponseSchema,
  signInResultSchema,
  signUpResultSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { rateLimited } from '../../lib/errors.js';
import { guardGuess } from '../../lib/guess-limit.js';
import { requireUser } from '../../plugins/guard.js';
import { assertSameOrigin } from '../../plugins/same-origin.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { mailboxService, type MailboxService } from './mailbox-service.js';
import { registerPasskeyRoutes } from './passkeys/routes.js';
import { registerTwoStepRoutes } from './totp/routes.js';
import { registerReauthRoutes } from './reauth/routes.js';
import { REFRESH_TTL_MS, authService, type AuthService, type IssuedSession } from './service.js';

export const REFRESH_COOKIE = 'vetrina_rt';
/** Readable marker so the browser knows a refresh is worth trying; it holds no secret. */
export const SESSION_MARKER_COOKIE = 'vetrina_session';

/** What every group of auth routes shares: the services, built once, and the session cookies. */
interface AuthRoutesKit {
  ctx: AppContext;
  auth: AuthService;
  mailbox: MailboxService;
  setSessionCookies(reply: FastifyReply, issued: IssuedSession): void;
  clearSessionCookies(reply: FastifyReply): void;
}

const tags = ['auth'];

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const secure = () => ctx.publicUrl().startsWith('https://');

  function setSessionCookies(reply: FastifyReply, issued: IssuedSession) {
    if (!issued.refreshToken) return;
    const maxAge = Math.floor(REFRESH_TTL_MS / 1000);
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { httpOnly: true, sameSite: 'strict', secure: secure(), path: '/api/auth', maxAge });
    reply.setCookie(SESSION_MARKER_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure: secure(), path: '/', maxAge });
  }
  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
  }

  const kit: AuthRoutesKit = { ctx, auth: authService(ctx), mailbox: mailboxService(ctx), setSessionCookies, clearSessionCookies };
  registerSignUpRoute(app, kit);
  registerSessionRoutes(app, kit);
  registerEmailRoutes(app, kit);
  registerPasswordRoutes(app, kit);
  registerSignUpConfirmRoute(app, kit);
  registerDeviceRoutes(app, ctx);
  registerTwoStepRoutes(app, ctx, setSessionCookies);
  registerPasskeyRoutes(app, ctx, setSessionCookies);
  registerReauthRoutes(app, ctx);
}

/** Registrazione: a session at once, or a confirmation mail first. */
function registerSignUpRoute(app: FastifyInstance, { auth, setSessionCookies }: AuthRoutesKit) {
  addRoute(
    app,
    { method: 'POST', url: '/api/auth/signup', auth: 'public', summary: 'Registrazione', tags, body: signUpSchema, response: { 201: signUpResultSchema } },
    async (req, { body }, reply) => {
      const issued = await auth.signUp(body, req.ip, req.headers['user-agent']);
      if (!issued) return { session: null, confirmationSent: true as const };
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );
}

/** Sign in, refresh, sign out and the session's user. */
function registerSessionRoutes(app: FastifyInstance, { auth, setSessionCookies, clearSessionCookies }: AuthRoutesKit) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/login',
      auth: 'public',
      summary: 'Accesso con email e password',
      tags,
      body: signInSchema,
      response: { 200: signInResultSchema },
    },
    async (req, { body }, reply) => {
      const issued = await auth.signIn(body, req.ip, req.headers['user-agent']);
      if ('secondStep' in issued) return { session: null, secondStep: issued.secondStep };
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/refresh',
      auth: 'public',
      summary: 'Rinnova la sessione (cookie httpOnly)',
      tags,
      response: { 200: sessionResponseSchema },
    },
    async (req, _input, reply) => {
      assertSameOrigin(req);
      try {
        const issued = await auth.refresh(req.cookies[REFRESH_COOKIE]);
        setSessionCookies(reply, issued);
        return { session: issued.session };
      } catch (err) {
        clearSessionCookies(reply);
        throw err;
      }
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/logout',
      auth: 'public',
      summary: 'Uscita (scope local, global o others)',
      tags,
      body: signOutSchema.optional(),
      response: { 204: null },
    },
    async (req, { body }, reply) => {
      assertSameOrigin(req);
      const scope = body?.scope ?? 'local';
      const fromCookie = await auth.sessionOfRefreshToken(req.cookies[REFRESH_COOKIE]);
      const who = req.user ? { userId: req.user.id, sessionId: req.user.sessionId } : fromCookie;
      if (who) await auth.signOut(who.userId, who.sessionId, scope);
      if (scope !== 'others') clearSessionCookies(reply);
    },
  );

  addRoute(
    app,
    { method: 'GET', url: '/api/auth/user', auth: 'user', summary: "L'utente della sessione", tags, response: { 200: authUserResponseSchema } },
    async (req) => {
      return { user: await auth.getUser(requireUser(req).id) };
    },
  );
}

/** Changing and verifying the e-mail address, from the links the mails carry. */
function registerEmailRoutes(app: FastifyInstance, { ctx, mailbox }: AuthRoutesKit) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/email-change',
      auth: { user: true, fresh: true },
      summary: 'Chiede il cambio email (serve la password attuale; avvisa il vecchio indirizzo)',
      tags,
      body: emailChangeSchema,
      response: { 202: acceptedResponseSchema },
    },
    async (req, { body }) => {
      await mailbox.requestEmailChange(requireUser(req).id, body, req.ip);
      return { ok: true as const };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/email-change/confirm',
      auth: 'public',
      summary: 'Applica il cambio email dal link ricevuto (disconnette gli altri dispositivi)',
      tags,
      body: tokenSchema,
      response: { 200: confirmedEmailSchema },
    },
    async (req, { body }) =>
      guardGuess(ctx, { scope: 'account-link', ip: req.ip }, () =>
        mailbox.confirmEmailChange(body.token, req.user ? { userId: req.user.id, sessionId: req.user.sessionId } : undefined),
      ),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/verify-email',
      auth: 'public',
      summary: "Conferma l'indirizzo email dal link ricevuto",
      tags,
      body: tokenSchema,
      response: { 200: confirmedEmailSchema },
    },
    async (req, { body }) => guardGuess(ctx, { scope: 'account-link', ip: req.ip }, () => mailbox.verifyEmail(body.token)),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/verify-email/send',
      auth: 'user',
      summary: 'Invia un link per confermare il proprio indirizzo email',
      tags,
      body: verifyEmailRequestSchema.optional(),
      response: { 202: acceptedResponseSchema },
    },
    async (req, { body }) => {
      const sent = await mailbox.sendVerification(requireUser(req).id, req.ip, body?.redirectTo);
      if (!sent) throw rateLimited(msg.tooManyMails, 3600_000);
      return { ok: true as const };
    },
  );
}

/** Password recovery: the mail with the link, then the new password. */
function registerPasswordRoutes(app: FastifyInstance, { ctx, mailbox, setSessionCookies }: AuthRoutesKit) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/recover',
      auth: 'public',
      summary: 'Invia il link per reimpostare la password',
      tags,
      body: recoverSchema,
      response: { 202: acceptedResponseSchema },
    },
    async (req, { body }) => {
      await mailbox.requestPasswordReset(body.email, req.ip);
      return { ok: true as const };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reset-password',
      auth: 'public',
      summary: 'Imposta una nuova password dal link ricevuto (con la verifica in due passaggi serve poi il codice)',
      tags,
      body: resetPasswordSchema,
      response: { 200: signInResultSchema },
    },
    async (req, { body }, reply) => {
      const issued = await guardGuess(ctx, { scope: 'account-link', ip: req.ip }, () =>
        mailbox.resetPassword(body.token, body.password, req.headers['user-agent'], req.ip),
      );
      if ('secondStep' in issued) return { session: null, secondStep: issued.secondStep };
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );
}

/** The link of the sign-up confirmation mail opens a session. */
function registerSignUpConfirmRoute(app: FastifyInstance, { ctx, mailbox, setSessionCookies }: AuthRoutesKit) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/confirm',
      auth: 'public',
      summary: "Conferma l'email di registrazione",
      tags,
      body: tokenSchema,
      response: { 200: sessionResponseSchema },
    },
    async (req, { body }, reply) => {
      const issued = await guardGuess(ctx, { scope: 'account-link', ip: req.ip }, () => mailbox.confirmSignup(body.token, req.headers['user-agent'], req.ip));
      setSessionCookies(reply, issued);
      return { session: issued.session };
    },
  );
}
