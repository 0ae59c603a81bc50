import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { addMember, createUser, dropSchema, engine, PG_URL, startServer, type TestServer } from './harness.js';
import { adminWithStore, countRows, expectApiError, teamUrl } from './team-helpers.js';

// Issue 11, point 4: without an owner, any admin could take a store over.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** A store with its owner, a second admin and a staff member, and their member ids. */
async function teamOfThree() {
  const { admin: owner, store } = await adminWithStore(server, 'Bottega del Proprietario');
  const admin = await createUser(server);
  const staff = await createUser(server);
  await addMember(server, store.id, admin.id, 'admin');
  await addMember(server, store.id, staff.id, 'staff');
  const members = (await owner.client.get(teamUrl(store.id, '/members'))).body.members as Array<{ id: string; userId: string; role: string; isOwner: boolean }>;
  const idOf = (userId: string) => members.find((m) => m.userId === userId)!.id;
  return { store, owner, admin, staff, ids: { owner: idOf(owner.id), admin: idOf(admin.id), staff: idOf(staff.id) } };
}

const ownerOf = async (storeId: string) =>
  (await server.ctx.db.selectFrom('stores').select('owner_id').where('id', '=', storeId).executeTakeFirstOrThrow()).owner_id;
const roleOf = async (memberId: string) =>
  (await server.ctx.db.selectFrom('store_members').select('role').where('id', '=', memberId).executeTakeFirstOrThrow()).role;

describe(`the store's owner (${engine})`, () => {
  it('is the creator, shown as owner in the team and in the store list', async () => {
    const { store, owner, admin, ids } = await teamOfThree();
    const members = (await admin.client.get(teamUrl(store.id, '/members'))).body.members;
    expect(members.filter((m: { isOwner: boolean }) => m.isOwner).map((m: { id: string }) => m.id)).toEqual([ids.owner]);
    expect((await owner.client.get('/api/stores')).body.find((s: { id: string }) => s.id === store.id).isOwner).toBe(true);
    expect((await admin.client.get('/api/stores')).body.find((s: { id: string }) => s.id === store.id).isOwner).toBe(false);
    // Creating a store over HTTP makes its creator the owner too.
    const created = await admin.client.post('/api/stores', { name: 'Nuova Bottega', colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } });
    expect(created.status).toBe(201);
    expect(created.body.isOwner).toBe(true);
    expect(await ownerOf(created.body.id)).toBe(admin.id);
  });

  it('alone deletes the store; another admin gets 403 and nothing is deleted', async () => {
    const { store, owner, admin, staff } = await teamOfThree();
    expectApiError(await admin.client.del(`/api/stores/${store.id}`), 403, msg.forbidden);
    expectApiError(await staff.client.del(`/api/stores/${store.id}`), 403, msg.forbidden);
    expect(await countRows(server, 'store_members', store.id)).toBe(3);
    expect((await owner.client.del(`/api/stores/${store.id}`)).status).toBe(204);
    expect(await countRows(server, 'store_members', store.id)).toBe(0);
  });

  it('alone changes roles; never their own', async () => {
    const { store, owner, admin, staff, ids } = await teamOfThree();
    expectApiError(await admin.client.patch(teamUrl(store.id, `/members/${ids.staff}`), { role: 'admin' }), 403, msg.forbidden);
    expectApiError(await staff.client.patch(teamUrl(store.id, `/members/${ids.admin}`), { role: 'staff' }), 403, msg.forbidden);
    expect(await roleOf(ids.staff)).toBe('staff');

    const promoted = await owner.client.patch(teamUrl(store.id, `/members/${ids.staff}`), { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ id: ids.staff, role: 'admin', isOwner: false });
    const demoted = await owner.client.patch(teamUrl(store.id, `/members/${ids.admin}`), { role: 'staff' });
    expect(demoted.body.member.role).toBe('staff');
    // The demoted admin has lost the admin powers at once.
    expect((await admin.client.patch(`/api/stores/${store.id}`, { name: 'Rinominata' })).status).toBe(403);

    expectApiError(await owner.client.patch(teamUrl(store.id, `/members/${ids.owner}`), { role: 'staff' }), 403, teamMsg.cannotChangeOwnRole);
    expectApiError(await owner.client.patch(teamUrl(store.id, `/members/${ids.admin}`), { role: 'staff' }), 400, teamMsg.roleUnchanged);
    expectApiError(await owner.client.patch(teamUrl(store.id, `/members/${ids.admin}`), { role: 'owner' }), 400, teamMsg.inviteRoleInvalid);
    expectApiError(await owner.client.patch(teamUrl(store.id, `/members/${ids.admin}`), { role: 'admin', isOwner: true }), 400);
    expect(await roleOf(ids.owner)).toBe('admin');
  });

  it('alone removes an admin; admins keep removing staff with the spec’s rules', async () => {
    const { store, owner, admin, staff, ids } = await teamOfThree();
    expectApiError(await admin.client.del(teamUrl(store.id, `/members/${ids.owner}`)), 403, teamMsg.cannotRemoveOwner);
    expectApiError(await staff.client.del(teamUrl(store.id, `/members/${ids.admin}`)), 403, msg.forbidden);
    expect((await admin.client.del(teamUrl(store.id, `/members/${ids.staff}`))).status).toBe(204);
    expect((await owner.client.del(teamUrl(store.id, `/members/${ids.admin}`))).status).toBe(204);
    expectApiError(await owner.client.del(teamUrl(store.id, `/members/${ids.owner}`)), 403, teamMsg.cannotRemoveSelf);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
    // The removed admin's session no longer reaches the store.
    expect((await admin.client.get(`/api/stores/${store.id}/orders`)).status).toBe(404);
  });

  it('hands the store to another admin with their own password; the former owner stays an admin', async () => {
    const { store, owner, admin, staff, ids } = await teamOfThree();
    const transfer = (c: typeof owner.client, body: unknown) => c.post(teamUrl(store.id, '/ownership'), body);

    expectApiError(await admin.client.post(teamUrl(store.id, '/ownership'), { memberId: ids.admin, password: admin.password }), 403, msg.forbidden);
    expectApiError(await transfer(owner.client, { memberId: ids.admin, password: 'non-la-mia' }), 400, msg.passwordWrong);
    expectApiError(await transfer(owner.client, { memberId: ids.staff, password: owner.password }), 400, teamMsg.transferTargetNotAdmin);
    expectApiError(await transfer(owner.client, { memberId: ids.owner, password: owner.password }), 400, teamMsg.transferToSelf);
    expectApiError(await transfer(owner.client, { memberId: 'non-esiste', password: owner.password }), 404, teamMsg.memberNotFound);
    expectApiError(await transfer(owner.client, { memberId: ids.admin }), 400, msg.passwordRequired);
    expect(await ownerOf(store.id)).toBe(owner.id);

    const done = await transfer(owner.client, { memberId: ids.admin, password: owner.password });
    expect(done.status).toBe(200);
    expect(done.body.members.find((m: { id: string }) => m.id === ids.admin).isOwner).toBe(true);
    expect(await ownerOf(store.id)).toBe(admin.id);
    expect(await roleOf(ids.owner)).toBe('admin');

    // Powers follow the ownership.
    expectApiError(await owner.client.del(`/api/stores/${store.id}`), 403, msg.forbidden);
    expectApiError(await owner.client.patch(teamUrl(store.id, `/members/${ids.staff}`), { role: 'admin' }), 403, msg.forbidden);
    expect((await admin.client.del(teamUrl(store.id, `/members/${ids.owner}`))).status).toBe(204);
    expect((await staff.client.get(`/api/stores/${store.id}`)).status).toBe(200);
    expect((await admin.client.del(`/api/stores/${store.id}`)).status).toBe(204);
  });

  it('limits password guesses on the transfer to 5, then answers 429 even to the right one', async () => {
    const { store, owner, ids } = await teamOfThree();
    for (let i = 0; i < 5; i++)
      expectApiError(await owner.client.post(teamUrl(store.id, '/ownership'), { memberId: ids.admin, password: `tentativo-${i}` }), 400, msg.passwordWrong);
    expectApiError(await owner.client.post(teamUrl(store.id, '/ownership'), { memberId: ids.admin, password: owner.password }), 429, msg.tooManyLogins);
    expect(await ownerOf(store.id)).toBe(owner.id);
  });

  it('two transfers at once from the owner’s two tabs: exactly one wins', async () => {
    const { store, owner, admin, ids } = await teamOfThree();
    const second = await createUser(server);
    await addMember(server, store.id, second.id, 'admin');
    const secondId = (await owner.client.get(teamUrl(store.id, '/members'))).body.members.find((m: { userId: string }) => m.userId === second.id).id;
    const results = await Promise.all(
      [ids.admin, secondId].map((memberId) => owner.client.post(teamUrl(store.id, '/ownership'), { memberId, password: owner.password })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect([admin.id, second.id]).toContain(await ownerOf(store.id));
  });
});

describe(`existing stores get their earliest admin as owner (${engine})`, () => {
  it('through migration 003, keeping everything else', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-migration-'));
    const schema = PG_URL ? `m_${randomBytes(6).toString('hex')}` : undefined;
    const { db, destroy } = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo('002-catalog')).error).toBeUndefined();
      const t = (min: number) => new Date(Date.UTC(2026, 0, 1, 10, min)).toISOString();
      const users = ['creatrice', 'socio', 'commesso', 'confermato'].map((name, i) => ({ id: randomUUID(), email: `${name}@example.it`, at: t(i) }));
      for (const u of users) {
        // 'confermato' opened a confirmation link later than sign-up; the others were confirmed at sign-up.
        const confirmed = u.email.startsWith('confermato') ? t(30) : u.at;
        await db
          .insertInto('auth_users')
          .values({ id: u.id, email: u.email, password_hash: 'x', email_confirmed_at: confirmed, created_at: u.at, updated_at: u.at } as never)
          .execute();
        await db.insertInto('users').values({ id: u.id, email: u.email, active_store_id: null, created_at: u.at }).execute();
      }
      const storeId = randomUUID();
      await db
        .insertInto('stores')
        .values({
          id: storeId,
          name: 'Storica',
          slug: `storica-${storeId.slice(0, 6)}`,
          logo_url: null,
          colors: '{}',
          theme_id: null,
          created_at: t(0),
        } as never)
        .execute();
      const member = (userId: string, role: 'admin' | 'staff', min: number) => ({
        id: randomUUID(),
        store_id: storeId,
        user_id: userId,
        role,
        created_at: t(min),
      });
      // The staff member joined first; of the two admins, the creator is the earlier.
      await db
        .insertInto('store_members')
        .values([member(users[2]!.id, 'staff', 1), member(users[1]!.id, 'admin', 5), member(users[0]!.id, 'admin', 2)])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect((await db.selectFrom('stores').select('owner_id').where('id', '=', storeId).executeTakeFirstOrThrow()).owner_id).toBe(users[0]!.id);
      const verified = await db.selectFrom('auth_users').select(['email', 'email_verified_at']).orderBy('email').execute();
      expect(verified.filter((v) => v.email_verified_at !== null).map((v) => v.email)).toEqual(['confermato@example.it']);
      expect(await db.selectFrom('store_members').select('id').where('store_id', '=', storeId).execute()).toHaveLength(3);
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
});
