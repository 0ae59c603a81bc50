import { msg, type EmailChangeInput, type SecondStep } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../db/index.js';
import { badRequest, conflict, unauthenticated } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password.js';
import { authMails } from '../mail/templates.js';
import { userProfiles } from '../users/service.js';
import { oneTimeLinks } from './links.js';
import { assertStrongPassword } from './password-policy.js';
import { MAIL_LIMITS, requireHourly, withinHourly } from './quota.js';
import { authRepo } from './repo.js';
import { sessionsService, type IssuedSession } from './sessions.js';
import { confirmPassword, loginThrottle } from './throttle.js';
import { twoStepService } from './totp/service.js';

/**
 * Everything proved by opening a mailed link: sign-up confirmation, e-mail verification, e-mail
 * change and password reset. Each opened link records `email_verified_at` (the mailbox is proved).
 */
export function mailboxService(ctx: AppContext) {
  const repo = authRepo(ctx.db);
  const links = oneTimeLinks(ctx);
  const sessions = sessionsService(ctx);

  /** The link's row, consumed in a transaction together with `apply`; 400 when unknown, used or expired. */
  async function useLink<K extends 'email_confirm' | 'email_verify' | 'email_change' | 'password_reset', T>(
    token: string,
    kind: K,
    apply: (trx: typeof ctx.db, row: NonNullable<Awaited<ReturnType<typeof links.find>>>) => Promise<T>,
  ): Promise<T> {
    const row = await links.find(token, kind);
    if (!row) throw badRequest(msg.linkInvalid, 'token');
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await links.consume(trx, row.id))) throw badRequest(msg.linkInvalid, 'token');
      return apply(trx, row);
    });
  }

  async function account(userId: string) {
    const user = await repo.findUserById(userId);
    if (!user) throw unauthenticated(msg.sessionExpired);
    return user;
  }

  return {
    /** Another mailed link of ours (an invitation) was opened by this account: its mailbox is proved. */
    markVerified: (trx: typeof ctx.db, userId: string) => authRepo(trx).markVerified(userId, clock.iso()),

    /**
     * Mails a verification link unless the limits say enough were sent; returns whether it was sent.
     * `returnTo` is a same-site path the web page offers after verifying (e.g. the invitations list).
     */
    async sendVerification(userId: string, ip: string, returnTo?: string): Promise<boolean> {
      const user = await account(userId);
      if (!(await withinHourly(ctx, `verify:acct:${userId}`, MAIL_LIMITS.verifyPerAccount))) return false;
      if (!(await withinHourly(ctx, `verify:ip:${ip}`, MAIL_LIMITS.verifyPerIp))) return false;
      const query = returnTo ? `&redirect=${encodeURIComponent(returnTo)}` : '';
      await ctx.mailer.send(authMails.verifyEmail(user.email, await links.create(userId, 'email_verify', { query })));
      return true;
    },

    async verifyEmail(token: string): Promise<{ email: string }> {
      return useLink(token, 'email_verify', async (trx, row) => {
        const user = await authRepo(trx).findUserById(row.user_id);
        if (!user) throw new Error('account of a live link not found');
        await authRepo(trx).markVerified(row.user_id, clock.iso());
        return { email: user.email };
      });
    },

    /** Sign-up confirmation (REQUIRE_EMAIL_CONFIRMATION): the account becomes usable and verified, and signs in. */
    async confirmSignup(token: string, userAgent?: string, ip?: string): Promise<IssuedSession> {
      const userId = await useLink(token, 'email_confirm', async (trx, row) => {
        await authRepo(trx).markVerified(row.user_id, clock.iso());
        return row.user_id;
      });
      return sessions.start(await account(userId), userAgent, ip);
    },

    /**
     * Asks to move the account to a new address: needs the current password, is limited per
     * account, new address and client, and warns the old address (with a way to react).
     */
    async requestEmailChange(userId: string, input: EmailChangeInput, ip: string): Promise<void> {
      const user = await account(userId);
      if (user.email === input.email) throw badRequest(msg.sameEmail, 'email');
      await confirmPassword(ctx, userId, input.password);
      if (await repo.findUserByEmail(input.email)) throw conflict(msg.emailTaken, { field: 'email' });
      await requireHourly(
        ctx,
        [
          [`email-change:acct:${userId}`, MAIL_LIMITS.emailChangePerAccount],
          [`email-change:to:${input.email}`, MAIL_LIMITS.emailChangePerAddress],
          [`email-change:ip:${ip}`, MAIL_LIMITS.emailChangePerIp],
        ],
        msg.tooManyMails,
      );
      const url = await links.create(userId, 'email_change', { newEmail: input.email });
      await ctx.mailer.send(authMails.emailChange(input.email, url));
      await ctx.mailer.send(authMails.emailChangeRequested(user.email, input.email, `${ctx.publicUrl()}/forgot-password`));
    },

    /**
     * Applies the new address (now verified) and signs out every other session; `currentSessionId`
     * is the session of the browser that opened the link, when it is the same account's.
     */
    async confirmEmailChange(token: string, current?: { userId: string; sessionId: string }): Promise<{ email: string }> {
      let revoked: () => Promise<void> = async () => undefined;
      let email = '';
      try {
        await useLink(token, 'email_change', async (trx, row) => {
          if (!row.new_email) throw badRequest(msg.linkInvalid, 'token');
          email = row.new_email;
          await authRepo(trx).changeEmail(row.user_id, row.new_email, clock.iso());
          await userProfiles.changeEmail(trx, row.user_id, row.new_email);
          const keep = current?.userId === row.user_id ? current.sessionId : undefined;
          revoked = await sessions.revoke(trx, row.user_id, keep ? { except: keep } : 'all');
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(msg.emailTaken, { field: 'email' });
        throw err;
      }
      await revoked();
      return { email };
    },

    /** Always answers the same way, so it does not reveal which e-mails have an account. */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await requireHourly(ctx, [[`recover:ip:${ip}`, MAIL_LIMITS.resetPerIp]]);
      if (!(await withinHourly(ctx, `recover:acct:${email}`, MAIL_LIMITS.resetPerAddress))) return;
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      await ctx.mailer.send(authMails.passwordReset(user.email, await links.create(user.id, 'password_reset')));
    },

    /** Sets the new password, signs out every session (on every instance) and signs this browser in. */
    async resetPassword(token: string, password: string, userAgent?: string, ip?: string): Promise<IssuedSession | { secondStep: SecondStep }> {
      const row = await links.find(token, 'password_reset');
      if (!row) throw badRequest(msg.linkInvalid, 'token');
      const user = await account(row.user_id);
      await assertStrongPassword(password, user.email);
      const passwordHash = await hashPassword(password);
      const revoked = await useLink(token, 'password_reset', async (trx) => {
        const now = clock.iso();
        await authRepo(trx).setPassword(user.id, passwordHash, now);
        await authRepo(trx).markVerified(user.id, now);
        return sessions.revoke(trx, user.id, 'all');
      });
      await revoked();
      await loginThrottle(ctx).forget(user.email);
      // The link proves the mailbox, not the phone: with two-step sign-in on, the code still opens the session.
      const secondStep = await twoStepService(ctx).challengeFor(user.id);
      if (secondStep) return { secondStep };
      return sessions.start(user, userAgent, ip);
    },
  };
}
export type MailboxService = ReturnType<typeof mailboxService>;
