import { generate } from 'otplib';
import { clock } from '../src/lib/clock.js';
import { client, createUser, type TestServer } from './harness.js';

const STEP_MS = 30_000;

/** Moves the server's clock to 5 seconds into a fresh 30-second step, so a test never straddles one. */
export function alignClock() {
  const now = clock.nowMs();
  clock.advance(Math.ceil(now / STEP_MS) * STEP_MS + 5_000 - now);
}

/** The authenticator app's code, `steps` periods away from the server's now. */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock.nowMs() / 1000) + steps * 30 });

/** Factory: a user with 'Verifica in due passaggi' on; the clock then sits in the next step. */
export async function userWithTotp(server: TestServer) {
  const user = await createUser(server);
  const enrolled = await user.client.post('/api/auth/factors', { factorType: 'totp', friendlyName: 'Telefono' });
  if (enrolled.status !== 201) throw new Error(`enrol failed: ${enrolled.status}`);
  const { secret } = enrolled.body.totp;
  const factorId: string = enrolled.body.factor.id;
  const confirmed = await user.client.post(`/api/auth/factors/${factorId}/verify`, { code: await codeAt(secret) });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  clock.advance(STEP_MS);
  return { ...user, secret, factorId, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** The password step from a fresh browser: its client and the challenge id. */
export async function passwordStep(server: TestServer, email: string, password: string) {
  const c = client(server.url);
  const res = await c.post('/api/auth/login', { email, password });
  if (res.status !== 200 || res.body.session !== null) throw new Error(`expected a second step: ${res.status} ${JSON.stringify(res.body)}`);
  return { client: c, challengeId: res.body.secondStep.challengeId as string };
}

export const STEP = STEP_MS;
