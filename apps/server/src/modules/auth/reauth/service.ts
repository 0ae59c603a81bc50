import { accountSecurityMsg, FRESH_PROOF_MS, msg, type ReauthenticateInput, type Reauthenticated } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { AppError, unauthenticated } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { authRepo } from '../repo.js';
import { confirmPassword } from '../throttle.js';
import { twoStepService } from '../totp/service.js';

/** 403 'reauth_required': the web app asks 'Conferma la tua identità' and sends the request again. */
export const reauthRequired = () => new AppError(403, 'reauth_required', accountSecurityMsg.reauthRequired, { title: accountSecurityMsg.reauthTitle });

/**
 * Has the session's holder proved who they are within the last five minutes (sign-in counts)? The
 * one home of the rule: the guard asks it for routes declared `fresh`, and services ask it for
 * changes that need it only sometimes (a refund above the threshold).
 */
export async function assertFreshProof(db: Db, sessionId: string): Promise<void> {
  const row = await authRepo(db).sessionAssurance(sessionId);
  if (!row) throw unauthenticated(msg.sessionExpired);
  const provedAt = row.proved_at ? Date.parse(row.proved_at) : NaN;
  if (!(clock.nowMs() - provedAt <= FRESH_PROOF_MS)) throw reauthRequired();
}

/** 'Conferma la tua identità': the password or a code proves the session's holder again. */
export function reauthService(ctx: AppContext) {
  return {
    async reauthenticate(user: { id: string; sessionId: string }, input: ReauthenticateInput): Promise<Reauthenticated> {
      let aal: 'aal2' | undefined;
      if (input.password !== undefined) await confirmPassword(ctx, user.id, input.password);
      else {
        await twoStepService(ctx).proveWithCode(user.id, input.code ?? '');
        aal = 'aal2';
      }
      const now = clock.nowMs();
      if (!(await authRepo(ctx.db).markProved(user.sessionId, user.id, new Date(now).toISOString(), aal))) throw unauthenticated(msg.sessionExpired);
      const row = await authRepo(ctx.db).sessionAssurance(user.sessionId);
      return { aal: row?.aal ?? 'aal1', freshUntil: new Date(now + FRESH_PROOF_MS).toISOString() };
    },
  };
}
