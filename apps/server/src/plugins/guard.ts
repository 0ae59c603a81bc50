import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountSecurityMsg, can, msg, type Role } from '@vetrina/shared';
import type { AppContext } from '../lib/context.js';
import { AppError, forbidden, notFound, unauthenticated } from '../lib/errors.js';
import { verifyJwt } from '../lib/jwt.js';
import { clock } from '../lib/clock.js';
import type { AuthRequirement } from '../lib/route.js';
import type { FreshProofCheck, MembershipLookup } from '../lib/tenancy.js';

export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
  /** 'aal2': the session was opened (or proved since) with a second factor or a passkey. */
  aal: 'aal1' | 'aal2';
}
export interface StoreMembership {
  storeId: string;
  role: Role;
  /** The member owns the store (see PERMISSIONS: the owner decides who the admins are). */
  isOwner: boolean;
  storeSlug: string;
  twoStepRequired: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    member: StoreMembership | null;
  }
}

export function readBearer(req: FastifyRequest, secret: string, nowSec: number): AuthUser | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = verifyJwt(header.slice(7).trim(), secret, nowSec);
  return claims ? { id: claims.sub, email: claims.email, sessionId: claims.sid, aal: claims.aal === 'aal2' ? 'aal2' : 'aal1' } : null;
}

/** The signed-in user of a request whose route requires one. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthenticated(msg.unauthenticated);
  return req.user;
}

/** The tenant context of a store-scoped route (set by the guard before the handler runs). */
export function requireMember(req: FastifyRequest): StoreMembership & { user: AuthUser } {
  if (!req.user || !req.member) throw unauthenticated(msg.unauthenticated);
  return { ...req.member, user: req.user };
}

/** 403 'two_step_required': the web app sends the member to set up 'Verifica in due passaggi'. */
export const twoStepRequired = () => new AppError(403, 'two_step_required', accountSecurityMsg.twoStepRequired);

/**
 * Deny by default: an /api route that does not declare who may call it fails to register.
 * Store-scoped routes (`{ permission }`) take the store from the `:storeId` parameter; a caller
 * who is not a member gets 404, so another tenant's ids reveal nothing. A store that requires
 * two-step sign-in refuses a session without a second factor; a `fresh` route refuses a session
 * whose holder has not proved who they are within five minutes.
 */
export function registerGuard(app: FastifyInstance, ctx: AppContext, lookups: { membershipOf: MembershipLookup; freshProof: FreshProofCheck }) {
  const { membershipOf, freshProof } = lookups;
  app.decorateRequest('user', null);
  app.decorateRequest('member', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api') || url.startsWith('/api/docs')) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`Route ${String(route.method)} ${url} does not declare its auth requirement`);
    if (typeof auth === 'object' && 'permission' in auth && !url.includes(':storeId')) {
      throw new Error(`Route ${String(route.method)} ${url} needs a permission but has no :storeId parameter`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const auth = req.routeOptions.config?.auth;
    const bearer = readBearer(req, ctx.jwtSecret, Math.floor(clock.nowMs() / 1000));
    // A signed-out device's token is refused at once, not when it expires.
    req.user = bearer && (await ctx.sessions.isLive(bearer.sessionId)) ? bearer : null;
    if (!auth || auth === 'public') return;
    if (!req.user) throw unauthenticated(msg.sessionExpired);
    if (auth === 'user') return;
    if ('user' in auth) return freshProof(ctx.db, req.user.sessionId);
    const storeId = (req.params as { storeId?: string }).storeId ?? '';
    const member = await membershipOf(ctx.db, storeId, req.user.id);
    if (!member) throw notFound('Store non trovato');
    if (member.twoStepRequired && req.user.aal !== 'aal2') throw twoStepRequired();
    if (!can(member, auth.permission)) throw forbidden(msg.forbidden);
    if (auth.fresh) await freshProof(ctx.db, req.user.sessionId);
    req.member = { storeId, ...member };
  });
}
