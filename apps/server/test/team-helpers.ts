import { expect } from 'vitest';
import type { Client, TestServer } from './harness.js';
import { client, createStoreFor, createUser, uniqueEmail } from './harness.js';
import { linkIn } from './smtp.js';

export const DAY_MS = 24 * 3600 * 1000;
export const teamUrl = (storeId: string, rest = '') => `/api/stores/${storeId}/team${rest}`;

/** An admin with their own store, signed in. */
export async function adminWithStore(server: TestServer, name = 'Bottega del Team') {
  const admin = await createUser(server, uniqueEmail('admin'));
  const store = await createStoreFor(server, admin.id, name);
  return { admin, store };
}

/** Sends an invitation and returns the token from the mail the invitee received. */
export async function inviteAndReadToken(server: TestServer, admin: Client, storeId: string, email: string, role: 'admin' | 'staff' = 'staff') {
  const res = await admin.post(teamUrl(storeId, '/invitations'), { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await server.smtp.waitFor(email, /Invito/);
  const link = linkIn(mail, '/invitations/accept');
  return { invitation: res.body.invitation as { id: string; email: string; role: string }, link, token: new URL(link).searchParams.get('token')!, mail };
}

export async function countRows(server: TestServer, table: 'store_members' | 'store_invitations', storeId: string) {
  const r = await server.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function invitationStatus(server: TestServer, id: string) {
  return (await server.ctx.db.selectFrom('store_invitations').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null;
}

/** A snapshot of everything the team module writes, to prove a refused request changed nothing. */
export async function teamSnapshot(server: TestServer) {
  const db = server.ctx.db;
  const [members, invitations, users, owners] = await Promise.all([
    db.selectFrom('store_members').selectAll().orderBy('id').execute(),
    db.selectFrom('store_invitations').selectAll().orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'active_store_id']).orderBy('id').execute(),
    db.selectFrom('stores').select(['id', 'owner_id']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ members, invitations, users, owners });
}

/** The shared error shape with an Italian message. */
export function expectApiError(res: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(typeof res.body?.error?.code).toBe('string');
  expect(typeof res.body?.error?.message).toBe('string');
  if (typeof message === 'string') expect(res.body.error.message).toBe(message);
  else if (message) expect(res.body.error.message).toMatch(message);
}

/** A fresh sign-in: after moving the clock by days the old access token has expired, as in real life. */
export async function signIn(server: TestServer, email: string, password = 'password-sicura-1') {
  const c = client(server.url);
  const res = await c.post('/api/auth/login', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  c.useSession(res.body.session);
  return c;
}
