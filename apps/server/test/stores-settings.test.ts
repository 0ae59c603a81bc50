import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, engine, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const storeRow = (id: string) => server.ctx.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
const activeStoreOf = async (userId: string) =>
  (await server.ctx.db.selectFrom('users').select('active_store_id').where('id', '=', userId).executeTakeFirstOrThrow()).active_store_id;

async function storeWithTeam() {
  const admin = await createUser(server);
  const store = (await admin.client.post('/api/stores', { name: 'Negozio condiviso' })).body;
  const staff = await createUser(server);
  await addMember(server, store.id, staff.id, 'staff');
  const stranger = await createUser(server);
  return { admin, staff, stranger, store };
}

describe(`update a store (${engine})`, () => {
  it('lets an admin change name, colours and theme; the slug stays', async () => {
    const { admin, store } = await storeWithTeam();
    const res = await admin.client.patch(`/api/stores/${store.id}`, {
      name: ' Negozio rinnovato ',
      colors: { primary: '#1f2937', secondary: '#6B7280', accent: '#F59E0B' },
      themeId: 'theme-audace',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Negozio rinnovato', slug: store.slug, themeKey: 'audace', themeName: 'Audace', colors: { primary: '#1F2937' } });
    expect((await admin.client.patch(`/api/stores/${store.id}`, { name: 'Solo nome' })).body.themeKey).toBe('audace');
  });

  it('lets staff read but not change or delete; strangers get 404 for everything', async () => {
    const { staff, stranger, store } = await storeWithTeam();
    expect((await staff.client.get(`/api/stores/${store.id}`)).body).toMatchObject({ id: store.id, role: 'staff' });
    const upd = await staff.client.patch(`/api/stores/${store.id}`, { name: 'Preso' });
    expect(upd.status).toBe(403);
    expect(upd.body.error.message).toBe('Non hai i permessi per questa operazione');
    expect((await staff.client.del(`/api/stores/${store.id}`)).status).toBe(403);
    expect((await staff.client.del(`/api/stores/${store.id}/logo`)).status).toBe(403);
    for (const res of [
      await stranger.client.get(`/api/stores/${store.id}`),
      await stranger.client.patch(`/api/stores/${store.id}`, { name: 'Preso' }),
      await stranger.client.del(`/api/stores/${store.id}`),
      await stranger.client.del(`/api/stores/${store.id}/logo`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Store non trovato');
    }
    expect((await storeRow(store.id))?.name).toBe('Negozio condiviso');
  });

  it.each([
    [{}, 'Nessuna modifica da salvare'],
    [{ name: 'x' }, 'Il nome dello store deve contenere almeno 2 caratteri'],
    [{ name: 'x'.repeat(10_000) }, 'Il nome dello store può contenere al massimo 60 caratteri'],
    [{ name: ['Nome'] }, 'Il nome dello store deve contenere almeno 2 caratteri'],
    [{ colors: { primary: '#12345G', secondary: '#000000', accent: '#000000' } }, 'Colore non valido: usa il formato esadecimale #RRGGBB'],
    [{ colors: { primary: '#000000', secondary: '#000000', accent: '#000000', extra: '#000000' } }, 'Campo non previsto: extra'],
    [{ themeId: 'theme-nessuno' }, 'Tema non valido'],
    [{ slug: 'nuovo-slug' }, 'Campo non previsto: slug'],
    [{ logoUrl: 'https://evil.example/x.png' }, 'Campo non previsto: logoUrl'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const { admin, store } = await storeWithTeam();
    const before = await storeRow(store.id);
    const res = await admin.client.patch(`/api/stores/${store.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation', message });
    expect(await storeRow(store.id)).toEqual(before);
  });

  it('answers an absurdly long store id with a 4xx in the shared error shape', async () => {
    const { admin } = await storeWithTeam();
    for (const res of [
      await admin.client.get(`/api/stores/${'x'.repeat(10_000)}`),
      await admin.client.patch(`/api/stores/${'x'.repeat(300)}`, { name: 'Nome' }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.message).toMatch(/non valido|non trovato/);
    }
  });

  it('refuses an inactive theme and malformed JSON', async () => {
    const { admin, store } = await storeWithTeam();
    await server.ctx.db.updateTable('themes').set({ is_active: 0 }).where('key', '=', 'minimal').execute();
    try {
      expect((await admin.client.patch(`/api/stores/${store.id}`, { themeId: 'theme-minimal' })).body.error.message).toBe('Tema non valido');
    } finally {
      await server.ctx.db.updateTable('themes').set({ is_active: 1 }).where('key', '=', 'minimal').execute();
    }
    expect((await admin.client.patch(`/api/stores/${store.id}`, undefined, { raw: '{"name":' })).status).toBe(400);
    expect((await storeRow(store.id))?.theme_id).toBe('theme-moderno');
  });
});

describe(`delete a store (${engine})`, () => {
  it('removes the store and what it owns, and moves active stores elsewhere or to none', async () => {
    const admin = await createUser(server);
    const older = (await admin.client.post('/api/stores', { name: 'Negozio che resta' })).body;
    const doomed = (await admin.client.post('/api/stores', { name: 'Negozio da chiudere' })).body;
    const staff = await createUser(server);
    await addMember(server, doomed.id, staff.id, 'staff');
    await staff.client.put('/api/me/active-store', { storeId: doomed.id });
    await server.ctx.storage.put(`stores/${doomed.id}/logo/1.webp`, Buffer.from('x'), 'image/webp');
    await server.ctx.storage.put(`stores/${older.id}/logo/1.webp`, Buffer.from('x'), 'image/webp');
    expect(await activeStoreOf(admin.id)).toBe(doomed.id);

    const res = await admin.client.del(`/api/stores/${doomed.id}`);
    expect(res.status).toBe(204);
    expect(await storeRow(doomed.id)).toBeUndefined();
    expect(await server.ctx.db.selectFrom('store_members').select('id').where('store_id', '=', doomed.id).execute()).toEqual([]);
    expect(await activeStoreOf(admin.id)).toBe(older.id);
    expect(await activeStoreOf(staff.id)).toBeNull();
    expect((await staff.client.get('/api/me')).body.activeStore).toBeNull();
    expect(await server.ctx.storage.list(`stores/${doomed.id}/`)).toEqual([]);
    expect(await server.ctx.storage.list(`stores/${older.id}/`)).toEqual([`stores/${older.id}/logo/1.webp`]);
    expect((await admin.client.get(`/api/stores/${doomed.id}`)).status).toBe(404);
    expect((await admin.client.del(`/api/stores/${doomed.id}`)).status).toBe(404);
  });

  it('a stranger cannot delete it (404) and it stays', async () => {
    const { stranger, store } = await storeWithTeam();
    expect((await stranger.client.del(`/api/stores/${store.id}`)).status).toBe(404);
    expect(await storeRow(store.id)).toBeDefined();
  });
});

describe(`profile missing at sign-in (${engine})`, () => {
  it('creates the profile and a default store named after the e-mail, once', async () => {
    const u = await createUser(server, `marta.bianchi.${Date.now()}@example.it`);
    await server.ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect((await u.client.get('/api/me')).body.profile).toBeNull();
    const res = await u.client.post('/api/me/profile', {});
    expect(res.status).toBe(201);
    expect(res.body.store).toMatchObject({ name: `Store di ${u.email.split('@')[0]}`.slice(0, 60), role: 'admin' });
    const me = (await u.client.get('/api/me')).body;
    expect(me.profile).toEqual({ activeStoreId: res.body.store.id });
    expect(me.stores).toHaveLength(1);
    const again = await u.client.post('/api/me/profile', {});
    expect(again.status).toBe(409);
    expect((await u.client.get('/api/me')).body.stores).toHaveLength(1);
    expect((await u.client.post('/api/me/profile', { name: 'x' })).status).toBe(400);
  });
});
