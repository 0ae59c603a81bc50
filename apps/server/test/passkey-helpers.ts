import { clock } from '../src/lib/clock.js';
import { client, createUser, type Client, type TestServer } from './harness.js';
import { softwareAuthenticator, type SoftwareAuthenticator, type Tamper } from './software-authenticator.js';

/** The origin the server expects by default: its own (http://localhost:PORT) when PUBLIC_URL is unset. */
export const serverOrigin = (server: TestServer) => new URL(server.ctx.publicUrl()).origin;

/** Registers a passkey through the API with the given authenticator. */
export async function addPasskey(c: Client, authenticator: SoftwareAuthenticator, name = 'Portatile', tamper: Tamper = {}) {
  const options = await c.post('/api/auth/passkeys/options');
  if (options.status !== 200) throw new Error(`options failed: ${options.status} ${JSON.stringify(options.body)}`);
  return c.post('/api/auth/passkeys', { name, credential: authenticator.register(options.body.options, tamper) });
}

/** Factory: a signed-in user with one passkey on a software authenticator. */
export async function userWithPasskey(server: TestServer, name = 'Portatile') {
  const user = await createUser(server);
  const authenticator = softwareAuthenticator(serverOrigin(server));
  const added = await addPasskey(user.client, authenticator, name);
  if (added.status !== 201) throw new Error(`passkey failed: ${added.status} ${JSON.stringify(added.body)}`);
  return { ...user, authenticator, passkeyId: added.body.id as string };
}

/** 'Accedi con una passkey' from a fresh browser: the options, then the signed answer. */
export async function passkeySignIn(server: TestServer, authenticator: SoftwareAuthenticator, tamper: Tamper = {}, c = client(server.url)) {
  const options = await c.post('/api/auth/login/passkey/options', {});
  if (options.status !== 200) throw new Error(`options failed: ${options.status} ${JSON.stringify(options.body)}`);
  const credential = authenticator.assert(options.body.options, tamper);
  return { client: c, credential, res: await c.post('/api/auth/login/passkey', { credential }) };
}

export { clock };
