import { msg, twoStepMsg } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { takeSlots } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../../lib/password.js';
import { authRepo } from './repo.js';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in limits per 15 minutes. The tight one is per account *and* client address, so a stranger
 * guessing from elsewhere cannot lock the owner out; per address bounds one client spraying many
 * accounts; the per-account ceiling stops a distributed guess without being reachable by one client.
 */
export const LOGIN_LIMITS = { perAccountAndIp: 5, perIp: 30, perAccount: 100 } as const;
/** Re-entering the password for a sensitive action (e-mail change, ownership transfer). */
const CONFIRM_LIMIT = 5;

/** Every counter is taken before any password is checked; a refused attempt gives back what it took. */
const takeAttempt = (ctx: AppContext, slots: Array<{ key: string; max: number }>) =>
  takeSlots(
    ctx.limiter,
    slots.map((s) => ({ ...s, windowMs: WINDOW_MS })),
    (resetMs) => rateLimited(msg.tooManyLogins, resetMs, 'Troppi tentativi'),
  );

const keys = {
  accountAndIp: (email: string, ip: string) => `login:acct-ip:${email}|${ip}`,
  ip: (ip: string) => `login:ip:${ip}`,
  account: (email: string) => `login:acct:${email}`,
  confirm: (userId: string) => `pw-confirm:${userId}`,
};

export function loginThrottle(ctx: AppContext) {
  return {
    /**
     * Counts a sign-in attempt before its password is checked (429 beyond any limit). Call
     * `succeeded` after a right password: the attempt then stops counting against the account.
     */
    async begin(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
      const giveBack = await takeAttempt(ctx, [
        { key: keys.accountAndIp(email, ip), max: LOGIN_LIMITS.perAccountAndIp },
        { key: keys.ip(ip), max: LOGIN_LIMITS.perIp },
        { key: keys.account(email), max: LOGIN_LIMITS.perAccount },
      ]);
      return {
        succeeded: async () => {
          await giveBack();
          await ctx.limiter.reset(keys.accountAndIp(email, ip));
        },
      };
    },

    /** After a password reset the owner starts with a clean slate. */
    forget: (email: string) => ctx.limiter.reset(keys.account(email)),
  };
}

/**
 * Checks the signed-in user's current password before a sensitive change, with the same
 * count-before-check rule as sign-in (5 tries per 15 minutes). Wrong password: 400 'La password
 * attuale non è corretta' on the field `password`.
 */
export async function confirmPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  await takeAttempt(ctx, [{ key: keys.confirm(userId), max: CONFIRM_LIMIT }]);
  const user = await authRepo(ctx.db).findUserById(userId);
  if (!user || !(await verifyPassword(password, user.password_hash))) throw new AppError(400, 'invalid_password', msg.passwordWrong, { field: 'password' });
  await ctx.limiter.reset(keys.confirm(userId));
}

/** Second-step codes per account: five wrong codes in 15 minutes, then 429 until the window ends. */
export const CODE_LIMIT = 5;

/** Counts a code before it is checked (429 beyond the limit); a right code clears the count. */
export async function throttledCode<T>(ctx: AppContext, userId: string, check: () => Promise<T>): Promise<T> {
  const key = `mfa-code:${userId}`;
  await takeSlots(ctx.limiter, [{ key, max: CODE_LIMIT, windowMs: WINDOW_MS }], (resetMs) => rateLimited(twoStepMsg.tooManyCodes, resetMs, 'Troppi tentativi'));
  const result = await check();
  await ctx.limiter.reset(key);
  return result;
}
