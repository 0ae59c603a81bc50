import { randomUUID } from 'node:crypto';
import { passkeysRepo } from '../src/modules/auth/passkeys/repo.js';
import { passkeysService } from '../src/modules/auth/passkeys/service.js';
import { passkeyProof } from '../src/modules/auth/passkeys/proof.js';
import { passkeySignIn } from '../src/modules/auth/passkeys/sign-in.js';
import { fx, type Cell } from './authorization-cells.js';
import type { Entry } from './authorization-matrix.js';
import { serverOrigin } from './passkey-helpers.js';
import { softwareAuthenticator } from './software-authenticator.js';

/** A passkey of the caller, stored directly (renaming and removing never read its key); a random id when nobody is signed in. */
async function callerPasskey(c: Cell) {
  if (!c.caller) return randomUUID();
  const id = randomUUID();
  const key = randomUUID();
  await passkeysRepo(c.server.ctx.db).insert({
    id,
    user_id: c.caller.id,
    credential_id: key,
    public_key: key,
    counter: 0,
    transports: '',
    name: 'Portatile',
    created_at: new Date().toISOString(),
    last_used_at: null,
  });
  return id;
}

/** A registration answer for the caller's own options (another account's when nobody is signed in). */
async function registration(c: Cell) {
  const userId = c.caller?.id ?? (await fx.account(c, 'passkey')).id;
  const { options } = await passkeysService(c.server.ctx).registrationOptions(userId);
  const authenticator = softwareAuthenticator(serverOrigin(c.server));
  return { authenticator, userId, credential: authenticator.register(options as never) };
}

/** A real passkey of the caller on a software authenticator (none when nobody is signed in). */
async function callerAuthenticator(c: Cell) {
  if (!c.caller) return null;
  const { authenticator, credential } = await registration(c);
  await passkeysService(c.server.ctx).register(c.caller.id, { name: 'Portatile', credential: credential as never });
  return authenticator;
}

/** Passkeys (issue 49): the list and its changes are the caller's own; signing in with one is public. */
export const PASSKEYS_MATRIX: Record<string, Entry> = {
  'GET /api/auth/passkeys': { level: 'user', status: 200, request: () => ({ path: '/api/auth/passkeys' }) },
  'POST /api/auth/passkeys/options': { level: 'user', status: 200, request: () => ({ path: '/api/auth/passkeys/options' }) },
  'POST /api/auth/passkeys': {
    level: 'user',
    status: 201,
    request: async (c) => ({ path: '/api/auth/passkeys', body: { name: 'Portatile', credential: (await registration(c)).credential } }),
  },
  'PATCH /api/auth/passkeys/{id}': {
    level: 'user',
    status: 200,
    request: async (c) => ({ path: `/api/auth/passkeys/${await callerPasskey(c)}`, body: { name: 'Telefono' } }),
  },
  'DELETE /api/auth/passkeys/{id}': { level: 'user', status: 204, request: async (c) => ({ path: `/api/auth/passkeys/${await callerPasskey(c)}` }) },
  'POST /api/auth/login/passkey/options': { level: 'public', status: 200, request: () => ({ path: '/api/auth/login/passkey/options', body: {} }) },
  'POST /api/auth/login/passkey': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const subject = await fx.account(c, 'passkey');
      const { options } = await passkeysService(c.server.ctx).registrationOptions(subject.id);
      const authenticator = softwareAuthenticator(serverOrigin(c.server));
      await passkeysService(c.server.ctx).register(subject.id, { name: 'Portatile', credential: authenticator.register(options as never) as never });
      const signIn = await passkeySignIn(c.server.ctx).options(`matrice-${randomUUID()}`);
      return { path: '/api/auth/login/passkey', body: { credential: authenticator.assert(signIn.options as never) } };
    },
  },
  'POST /api/auth/reauthenticate/passkey/options': {
    level: 'user',
    status: 200,
    request: async (c) => {
      await callerAuthenticator(c);
      return { path: '/api/auth/reauthenticate/passkey/options' };
    },
  },
  'POST /api/auth/reauthenticate/passkey': {
    level: 'user',
    status: 200,
    request: async (c) => {
      const authenticator = await callerAuthenticator(c);
      if (!authenticator || !c.caller)
        return { path: '/api/auth/reauthenticate/passkey', body: { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } } };
      const { options } = await passkeyProof(c.server.ctx).options(c.caller);
      return { path: '/api/auth/reauthenticate/passkey', body: { credential: authenticator.assert(options as never) } };
    },
  },
};
