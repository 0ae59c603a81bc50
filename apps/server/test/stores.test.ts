import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, engine, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const activeStoreOf = async (userId: string) =>
  (await server.ctx.db.selectFrom('users').select('active_store_id').where('id', '=', userId).executeTakeFirstOrThrow()).active_store_id;

describe(`themes (${engine})`, () => {
  it('lists the 4 active themes oldest first, Moderno first, for anyone', async () => {
    const res = await client(server.url).get('/api/themes');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { key: string }) => t.key)).toEqual(['moderno', 'classico', 'minimal', 'audace']);
    expect(res.body[0]).toMatchObject({ id: 'theme-moderno', name: 'Moderno' });
    expect(res.body[0].description).toMatch(/\w+/);
  });

  it('leaves inactive themes out', async () => {
    await server.ctx.db.updateTable('themes').set({ is_active: 0 }).where('key', '=', 'audace').execute();
    try {
      const res = await client(server.url).get('/api/themes');
      expect(res.body.map((t: { key: string }) => t.key)).not.toContain('audace');
    } finally {
      await server.ctx.db.updateTable('themes').set({ is_active: 1 }).where('key', '=', 'audace').execute();
    }
  });
});

describe(`create a store (${engine})`, () => {
  it('creates store, admin membership and active store in one go', async () => {
    const u = await createUser(server);
    const res = await u.client.post('/api/stores', {
      name: '  Il mio negozio  ',
      colors: { primary: '#3b82f6', secondary: '#EC4899', accent: '#F59E0B' },
      themeId: 'theme-classico',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Il mio negozio',
      slug: 'il-mio-negozio',
      logoUrl: null,
      colors: { primary: '#3B82F6', secondary: '#EC4899', accent: '#F59E0B' },
      themeId: 'theme-classico',
      themeName: 'Classico',
      themeKey: 'classico',
      role: 'admin',
    });
    const me = (await u.client.get('/api/me')).body;
    expect(me.profile.activeStoreId).toBe(res.body.id);
    expect(me.activeStore.id).toBe(res.body.id);
    expect(me.stores).toHaveLength(1);
    const member = await server.ctx.db.selectFrom('store_members').selectAll().where('store_id', '=', res.body.id).execute();
    expect(member).toMatchObject([{ user_id: u.id, role: 'admin' }]);
  });

  it('defaults to the spec colours and the first active theme', async () => {
    const u = await createUser(server);
    const res = await u.client.post('/api/stores', { name: 'Negozio base' });
    expect(res.status).toBe(201);
    expect(res.body.colors).toEqual({ primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' });
    expect(res.body.themeKey).toBe('moderno');
  });

  it.each([
    ['Caffè & Dolci', 'caffe-dolci'],
    ['  Ünïcödé   Shop!! ', 'unicode-shop'],
    ['Mio_Negozio--Bello', 'mio-negozio-bello'],
    ['!!!', 'store'],
    ['日本の店', 'store'],
  ])('derives the slug of %j as %s (or a suffixed one)', async (name, slug) => {
    const u = await createUser(server);
    const res = await u.client.post('/api/stores', { name });
    expect(res.status).toBe(201);
    expect(res.body.slug).toMatch(new RegExp(`^${slug}(-\\d+)?$`));
  });

  it('suffixes a clashing slug across the platform: -2, -3', async () => {
    const [a, b] = [await createUser(server), await createUser(server)];
    const name = `Bottega ${Date.now()}`;
    const s1 = (await a.client.post('/api/stores', { name })).body;
    const s2 = (await b.client.post('/api/stores', { name })).body;
    const s3 = (await a.client.post('/api/stores', { name: name.toUpperCase() })).body;
    expect([s1.slug, s2.slug, s3.slug]).toEqual([`bottega-${name.slice(8)}`, `bottega-${name.slice(8)}-2`, `bottega-${name.slice(8)}-3`]);
  });

  it('gives distinct slugs to stores created at the same moment with the same name', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(server)));
    const name = `Simultaneo ${Date.now()}`;
    const results = await Promise.all(users.map((u) => u.client.post('/api/stores', { name })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const slugs = results.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(6);
    const base = `simultaneo-${name.slice(11)}`;
    expect(slugs.sort()).toEqual([base, ...[2, 3, 4, 5, 6].map((n) => `${base}-${n}`)].sort());
  });

  it.each([
    [{ name: ' a ' }, 'Il nome dello store deve contenere almeno 2 caratteri'],
    [{ name: 'x'.repeat(61) }, 'Il nome dello store può contenere al massimo 60 caratteri'],
    [{ name: 'x'.repeat(10_000) }, 'Il nome dello store può contenere al massimo 60 caratteri'],
    [{ name: 42 }, 'Il nome dello store deve contenere almeno 2 caratteri'],
    [{}, 'Il nome dello store deve contenere almeno 2 caratteri'],
    [{ name: 'Valido', colors: { primary: 'red', secondary: '#F97316', accent: '#10B981' } }, 'Colore non valido: usa il formato esadecimale #RRGGBB'],
    [{ name: 'Valido', colors: { primary: '#8B5CF6' } }, 'Colore non valido: usa il formato esadecimale #RRGGBB'],
    [{ name: 'Valido', themeId: 'theme-inesistente' }, 'Tema non valido'],
    [{ name: 'Valido', themeId: 'x'.repeat(10_000) }, 'Tema non valido'],
    [{ name: 'Valido', owner: 'altro' }, 'Campo non previsto: owner'],
    [[], 'Il corpo della richiesta è mancante o non valido'],
  ])('refuses %j with a 400 and creates nothing', async (body, message) => {
    const u = await createUser(server);
    const res = await u.client.post('/api/stores', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation', message });
    expect((await u.client.get('/api/me')).body.stores).toEqual([]);
  });

  it('refuses malformed JSON, a non-JSON body and no session', async () => {
    const u = await createUser(server);
    const bad = await u.client.post('/api/stores', undefined, { raw: '{"name": "Rotto"' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Il corpo della richiesta non è un JSON valido');
    const text = await u.client.post('/api/stores', undefined, { raw: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect((await client(server.url).post('/api/stores', { name: 'Anonimo' })).status).toBe(401);
    expect((await u.client.get('/api/me')).body.stores).toEqual([]);
  });
});

describe(`read, list and switch (${engine})`, () => {
  it('lists my stores newest first and reads one; strangers get 404', async () => {
    const owner = await createUser(server);
    const first = (await owner.client.post('/api/stores', { name: 'Primo negozio' })).body;
    const second = (await owner.client.post('/api/stores', { name: 'Secondo negozio' })).body;
    const list = await owner.client.get('/api/stores');
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect((await owner.client.get(`/api/stores/${first.id}`)).body).toMatchObject({ id: first.id, name: 'Primo negozio', role: 'admin' });

    const stranger = await createUser(server);
    const read = await stranger.client.get(`/api/stores/${first.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('Store non trovato');
    expect((await stranger.client.get('/api/stores')).body).toEqual([]);
    expect((await stranger.client.get('/api/stores/nessuno')).status).toBe(404);
  });

  it('switches the active store, persisted on the user; never to a store I am not in', async () => {
    const owner = await createUser(server);
    const a = (await owner.client.post('/api/stores', { name: 'Negozio A' })).body;
    const b = (await owner.client.post('/api/stores', { name: 'Negozio B' })).body;
    expect(await activeStoreOf(owner.id)).toBe(b.id);
    const sw = await owner.client.put('/api/me/active-store', { storeId: a.id });
    expect(sw.status).toBe(200);
    expect(await activeStoreOf(owner.id)).toBe(a.id);
    expect((await owner.client.get('/api/me')).body.activeStore.id).toBe(a.id);

    const stranger = await createUser(server);
    await stranger.client.post('/api/stores', { name: 'Negozio estraneo' });
    const before = await activeStoreOf(stranger.id);
    const denied = await stranger.client.put('/api/me/active-store', { storeId: a.id });
    expect(denied.status).toBe(404);
    expect(denied.body.error.message).toBe('Store non trovato');
    expect(await activeStoreOf(stranger.id)).toBe(before);

    for (const body of [{}, { storeId: 7 }, { storeId: 'x'.repeat(10_000) }, { storeId: a.id, extra: 1 }]) {
      const res = await owner.client.put('/api/me/active-store', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    expect((await owner.client.put('/api/me/active-store', undefined, { raw: '{' })).status).toBe(400);
    expect(await activeStoreOf(owner.id)).toBe(a.id);
  });
});
