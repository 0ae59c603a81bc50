import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { clock } from '../src/lib/clock.js';
import { twoStepService } from '../src/modules/auth/totp/service.js';
import { PASSWORD, type Cell } from './authorization-cells.js';
import type { Entry } from './authorization-matrix.js';

/** A confirmed authenticator of `userId`; its id. */
async function verifiedFactor(c: Cell, userId: string) {
  const twoStep = twoStepService(c.server.ctx);
  const enrolled = await twoStep.enrol(userId, { factorType: 'totp' });
  const code = await generate({ secret: enrolled.totp.secret, epoch: Math.floor(clock.nowMs() / 1000) });
  await twoStep.confirm(userId, 'no-session', enrolled.factor.id, code);
  return enrolled.factor.id;
}

/**
 * 'Richiedi la verifica in due passaggi al team' is the owner's alone (turning it off needs no
 * factor of one's own, so every allowed caller can be shown it); new recovery codes are the
 * caller's own, someone else's factor is not found.
 */
export const TEAM_TWO_STEP_MATRIX: Record<string, Entry> = {
  'PUT /api/stores/{storeId}/security': {
    level: 'owner',
    status: 200,
    request: (c) => ({ path: `/api/stores/${c.store.id}/security`, body: { twoStepRequired: false } }),
  },
  'POST /api/auth/factors/{id}/recovery-codes': {
    level: 'user',
    status: 200,
    request: async (c) => ({
      path: `/api/auth/factors/${c.caller ? await verifiedFactor(c, c.caller.id) : randomUUID()}/recovery-codes`,
      body: { password: PASSWORD },
    }),
    foreign: {
      status: 404,
      request: async (c) => ({ path: `/api/auth/factors/${await verifiedFactor(c, c.owner.id)}/recovery-codes`, body: { password: PASSWORD } }),
    },
  },
};
