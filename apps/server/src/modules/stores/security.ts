import { teamTwoStepMsg, type StoreSecurityInput, type StoreSummary } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { audit } from '../audit/service.js';
import { hasSecondFactor } from '../auth/second-factor.js';
import { topics } from '../realtime/bus.js';
import { storesRepo } from './repo.js';
import { getStore } from './service.js';

/** The owner changing the store's security: who they are and how sure their session is. */
export interface SecurityContext {
  storeId: string;
  user: { id: string; email: string; sessionId: string; aal: 'aal1' | 'aal2' };
}

const yesNo = (v: boolean) => (v ? 'Sì' : 'No');

/**
 * 'Richiedi la verifica in due passaggi al team' (owner only: 'security:manage'). Turning it on
 * needs the owner's own second factor, shown in this session: otherwise the very next request
 * would lock the owner out of the store. The change and its 'Registro attività' entry share one
 * transaction; open dashboards of one-factor sessions lose the store's channel on every instance.
 */
export async function setTeamTwoStep(ctx: AppContext, t: SecurityContext, input: StoreSecurityInput): Promise<StoreSummary> {
  if (input.twoStepRequired) {
    if (!(await hasSecondFactor(ctx.db, t.user.id))) throw badRequest(teamTwoStepMsg.ownerFactorMissing, 'twoStepRequired');
    if (t.user.aal !== 'aal2') throw badRequest(teamTwoStepMsg.ownerSessionAal1, 'twoStepRequired');
  }
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await storesRepo(trx).setTwoStepRequired(t.storeId, input.twoStepRequired))) return false;
    await audit.record(
      trx,
      { storeId: t.storeId, user: { id: t.user.id, email: t.user.email, sessionId: t.user.sessionId } },
      {
        kind: 'security',
        action: input.twoStepRequired ? 'security.team_two_step_on' : 'security.team_two_step_off',
        summary: input.twoStepRequired ? teamTwoStepMsg.turnedOn : teamTwoStepMsg.turnedOff,
        changes: [{ field: 'twoStepRequired', label: teamTwoStepMsg.settingLabel, before: yesNo(!input.twoStepRequired), after: yesNo(input.twoStepRequired) }],
      },
    );
    return true;
  });
  if (changed && input.twoStepRequired) {
    await ctx.bus.publish(topics.control, { type: 'access.two-step-required', storeId: t.storeId }).catch((err: unknown) => {
      ctx.log.error({ err, storeId: t.storeId }, 'two-step requirement saved but the access event could not be published');
    });
  }
  return getStore(ctx, t);
}
