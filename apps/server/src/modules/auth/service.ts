import { msg, type SecondStep, type SignInInput, type SignUpInput } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../db/index.js';
import { AppError, conflict, forbidden, rateLimited, unauthenticated } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.js';
import { authMails } from '../mail/templates.js';
import { userProfiles } from '../users/service.js';
import { oneTimeLinks } from './links.js';
import { assertStrongPassword } from './password-policy.js';
import { HOUR_MS } from './quota.js';
import { devicesService } from './devices/service.js';
import { authRepo } from './repo.js';
import { sessionsService, type IssuedSession } from './sessions.js';
import { loginThrottle } from './throttle.js';
import { passkeysService } from './passkeys/service.js';
import { twoStepService } from './totp/service.js';

export { ACCESS_TTL_SEC, REFRESH_TTL_MS, type IssuedSession } from './sessions.js';

/** Sign-up, sign-in and the session calls the routes need. */
export function authService(ctx: AppContext) {
  const repo = authRepo(ctx.db);
  const sessions = sessionsService(ctx);
  const links = oneTimeLinks(ctx);
  const throttle = loginThrottle(ctx);
  const devices = devicesService(ctx);
  const twoStep = twoStepService(ctx);

  return {
    async signUp(input: SignUpInput, ip: string, userAgent?: string): Promise<IssuedSession | null> {
      const max = ctx.config.signupRateLimit;
      if (max > 0) {
        const byIp = await ctx.limiter.incr(`signup:ip:${ip}`, HOUR_MS);
        if (byIp.count > max) throw rateLimited(msg.tooManySignups, byIp.resetMs, 'Troppe registrazioni');
      }
      await assertStrongPassword(input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      const now = clock.iso();
      const user = { id: newId(), email: input.email, created_at: now };
      try {
        // The account and its profile (the users module's row) in one transaction.
        await ctx.db.transaction().execute(async (trx) => {
          await authRepo(trx).insertAccount({
            id: user.id,
            email: user.email,
            passwordHash,
            confirmedAt: ctx.config.requireEmailConfirmation ? null : now,
            now,
          });
          await userProfiles.insert(trx, user, now);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(msg.emailTaken, { field: 'email' });
        throw err;
      }
      if (ctx.config.requireEmailConfirmation) {
        const back = input.redirectTo ? `&redirect=${encodeURIComponent(input.redirectTo)}` : '';
        await ctx.mailer.send(authMails.confirmSignup(user.email, await links.create(user.id, 'email_confirm', { query: back })));
        return null;
      }
      return sessions.start(user, userAgent, ip);
    },

    /** At most 5 passwords are checked per account and client address in 15 minutes, however many arrive at once. */
    async signIn(input: SignInInput, ip: string, userAgent?: string): Promise<IssuedSession | { secondStep: SecondStep }> {
      const attempt = await throttle.begin(input.email, ip);
      const user = await repo.findUserByEmail(input.email);
      // Unknown e-mails cost the same time as wrong passwords, so timing does not reveal accounts.
      const ok = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!user || !ok) throw new AppError(400, 'invalid_credentials', msg.invalidCredentials);
      await attempt.succeeded();
      if (!user.email_confirmed_at) throw forbidden(msg.emailNotConfirmed);
      // With 'Verifica in due passaggi' on, the password earns a challenge, not a session.
      const secondStep = await twoStep.challengeFor(user.id);
      if (secondStep) return { secondStep };
      const noticeNewDevice = await devices.beforeSignIn(user, userAgent, ip);
      const issued = await sessions.start(user, userAgent, ip);
      await noticeNewDevice();
      return issued;
    },

    refresh: (token: string | undefined) => sessions.refresh(token),
    signOut: (userId: string, sessionId: string, scope: 'local' | 'global' | 'others') => sessions.signOut(userId, sessionId, scope),
    sessionOfRefreshToken: (token: string | undefined) => sessions.ofRefreshToken(token),

    async getUser(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw unauthenticated(msg.sessionExpired);
      return {
        id: user.id,
        email: user.email,
        createdAt: user.created_at,
        factors: [...(await twoStep.list(user.id)), ...(await passkeysService(ctx).factors(user.id))],
      };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
