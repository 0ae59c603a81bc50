import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { clock } from '../src/lib/clock.js';
import { twoStepService } from '../src/modules/auth/totp/service.js';
import { fx, PASSWORD, type Cell } from './authorization-cells.js';
import type { Entry } from './authorization-matrix.js';

/** The authenticator's code `steps` periods from the server's now. */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock.nowMs() / 1000) + steps * 30 });

/** An unconfirmed authenticator of the caller (a random id when nobody is signed in). */
async function callerFactor(c: Cell) {
  if (!c.caller) return { id: randomUUID(), secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
  const enrolled = await twoStepService(c.server.ctx).enrol(c.caller.id, { factorType: 'totp' });
  return { id: enrolled.factor.id, secret: enrolled.totp.secret };
}

/** 'Verifica in due passaggi' (issue 49): the factors are the caller's own; the code step is public. */
export const TWO_STEP_MATRIX: Record<string, Entry> = {
  'GET /api/auth/factors': { level: 'user', status: 200, request: () => ({ path: '/api/auth/factors' }) },
  'POST /api/auth/reauthenticate': { level: 'user', status: 200, request: () => ({ path: '/api/auth/reauthenticate', body: { password: PASSWORD } }) },
  'POST /api/auth/factors': { level: 'user', status: 201, request: () => ({ path: '/api/auth/factors', body: { factorType: 'totp' } }) },
  'POST /api/auth/factors/{id}/verify': {
    level: 'user',
    status: 200,
    request: async (c) => {
      const f = await callerFactor(c);
      return { path: `/api/auth/factors/${f.id}/verify`, body: { code: await code(f.secret) } };
    },
  },
  'DELETE /api/auth/factors/{id}': {
    level: 'user',
    status: 204,
    request: async (c) => ({ path: `/api/auth/factors/${(await callerFactor(c)).id}`, body: { password: PASSWORD } }),
  },
  'POST /api/auth/login/verify': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const subject = await fx.account(c, 'due-passi');
      const twoStep = twoStepService(c.server.ctx);
      const enrolled = await twoStep.enrol(subject.id, { factorType: 'totp' });
      await twoStep.confirm(subject.id, 'no-session', enrolled.factor.id, await code(enrolled.totp.secret));
      const challenge = (await twoStep.challengeFor(subject.id))!;
      // The confirming code spent this step; the next one is within the allowed drift.
      return { path: '/api/auth/login/verify', body: { challengeId: challenge.challengeId, code: await code(enrolled.totp.secret, 1) } };
    },
  },
};
