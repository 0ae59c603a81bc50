import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, startServer, type Client, type TestServer } from './harness.js';
import { insertProduct } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let staff: Client;
let stranger: Client;
let store: { id: string };
let strangerStore: { id: string };

beforeAll(async () => {
  server = await startServer();
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega dei Primi Passi');
  const s = await createUser(server);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
  const b = await createUser(server);
  stranger = b.client;
  strangerStore = await createStoreFor(server, b.id, 'Altro Negozio');
});
afterAll(async () => {
  await server?.close();
});

const doneSteps = (body: { steps: { step: string; done: boolean }[] }) => body.steps.filter((s) => s.done).map((s) => s.step);

describe("'Primi passi' on a new store", () => {
  it('starts with every step to do, in the guide order', async () => {
    const res = await owner.get(`/api/stores/${store.id}/setup`);
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { step: string }) => s.step)).toEqual(['product', 'payments', 'shipping', 'business', 'legal', 'visit']);
    expect(res.body).toMatchObject({ done: 0, total: 6, dismissed: false });
  });

  it('ticks each step from what the merchant saved', async () => {
    await insertProduct(server, store.id, { title: 'Tazza in ceramica' });
    expect(
      (
        await owner.put(`/api/stores/${store.id}/payments`, {
          bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: 5 },
          cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
          pickup: { enabled: false, address: '', hours: '' },
          card: { enabled: false, secretKey: '', webhookSecret: '' },
        })
      ).status,
    ).toBe(200);
    expect((await owner.put(`/api/stores/${store.id}/shipping`, { domestic: { rateCents: 490, freeAboveCents: 5000 }, countries: [] })).status).toBe(200);
    let res = await owner.get(`/api/stores/${store.id}/setup`);
    expect(doneSteps(res.body)).toEqual(['product', 'payments', 'shipping']);

    // Saving the form empty is not yet 'dati aziendali': the name and P.IVA are.
    const business = { companyName: '', vatNumber: '', taxCode: '', street: '', postalCode: '', city: '', province: '', pec: '', phone: '', email: '' };
    expect((await owner.put(`/api/stores/${store.id}/business`, business)).status).toBe(200);
    expect(doneSteps((await owner.get(`/api/stores/${store.id}/setup`)).body)).not.toContain('business');
    expect((await owner.put(`/api/stores/${store.id}/business`, { ...business, companyName: 'Bottega Srl', vatNumber: '06363391001' })).status).toBe(200);
    expect((await owner.put(`/api/stores/${store.id}/legal-pages/privacy`, { markdown: '## Privacy\n\nTesto.' })).status).toBe(200);
    res = await owner.get(`/api/stores/${store.id}/setup`);
    expect(doneSteps(res.body)).toEqual(['product', 'payments', 'shipping', 'business', 'legal']);
    expect(res.body.done).toBe(5);
  });

  it('records the visit once and counts it; staff reads the guide but cannot change it', async () => {
    expect((await staff.get(`/api/stores/${store.id}/setup`)).status).toBe(200);
    expect((await staff.put(`/api/stores/${store.id}/setup/visited`)).status).toBe(403);
    const first = await owner.put(`/api/stores/${store.id}/setup/visited`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ done: 6, total: 6 });
    const row = await server.ctx.db.selectFrom('store_setup').select('visited_at').where('store_id', '=', store.id).executeTakeFirstOrThrow();
    expect((await owner.put(`/api/stores/${store.id}/setup/visited`)).status).toBe(200);
    const again = await server.ctx.db.selectFrom('store_setup').select('visited_at').where('store_id', '=', store.id).executeTakeFirstOrThrow();
    expect(again.visited_at).toBe(row.visited_at);
  });

  it('is dismissed and shown again on request, keeping the visit', async () => {
    const hidden = await owner.put(`/api/stores/${store.id}/setup/dismissed`, { dismissed: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ dismissed: true, done: 6 });
    expect((await owner.get(`/api/stores/${store.id}/setup`)).body.dismissed).toBe(true);
    const shown = await owner.put(`/api/stores/${store.id}/setup/dismissed`, { dismissed: false });
    expect(shown.body).toMatchObject({ dismissed: false, done: 6 });
  });

  it('refuses bad input with an Italian message and changes nothing', async () => {
    const before = (await owner.get(`/api/stores/${store.id}/setup`)).body;
    for (const body of [{}, { dismissed: 'sì' }, { dismissed: true, extra: 1 }]) {
      const res = await owner.put(`/api/stores/${store.id}/setup/dismissed`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/guida|valore|campo|non/i);
    }
    expect((await owner.get(`/api/stores/${store.id}/setup`)).body).toEqual(before);
  });

  it("answers 404 for another tenant's store and 401 without a session", async () => {
    expect((await stranger.get(`/api/stores/${store.id}/setup`)).status).toBe(404);
    expect((await stranger.put(`/api/stores/${store.id}/setup/dismissed`, { dismissed: true })).status).toBe(404);
    expect((await stranger.put(`/api/stores/${store.id}/setup/visited`)).status).toBe(404);
    expect((await client(server.url).get(`/api/stores/${store.id}/setup`)).status).toBe(401);
    // The stranger's own guide is untouched by all of this.
    expect((await stranger.get(`/api/stores/${strangerStore.id}/setup`)).body).toMatchObject({ done: 0, dismissed: false });
  });
});
