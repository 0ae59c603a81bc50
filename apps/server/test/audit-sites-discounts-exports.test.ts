import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine, startServer, type Client, type TestServer } from './harness.js';
import { discountTerms, insertProduct } from './catalog-factory.js';
import { member, merchant } from './catalog-fixtures.js';
import { entriesOf, failRightAfterNextEntry, sessionOf } from './audit-sites-helpers.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof merchant>>;
let admin: { client: Client; id: string; email: string };
let staff: { client: Client; id: string; email: string };
let other: Awaited<ReturnType<typeof merchant>>;

beforeAll(async () => {
  server = await startServer();
  owner = await merchant(server, 'Bottega Sconti e File');
  admin = await member(server, owner.store.id, 'admin');
  staff = await member(server, owner.store.id, 'staff');
  other = await merchant(server, 'Negozio Vicino');
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const discounts = (rest = '') => `${owner.base}/discounts${rest}`;
const ofDiscount = async (id: string) => (await entriesOf(server, owner.store.id)).filter((e) => e.subject_id === id);

describe(`'Registro attività': discount codes (${engine})`, () => {
  it('records a code created, changed (only what changed), disabled and deleted, with the member and session', async () => {
    const created = await admin.client.post(discounts(), discountTerms({ code: 'ESTATE20', kind: 'percent', value: 20 }));
    expect(created.status).toBe(201);
    const id: string = created.body.discount.id;
    expect((await owner.client.put(discounts(`/${id}`), discountTerms({ code: 'ESTATE20', kind: 'fixed', value: 500, maxUses: 50 }))).status).toBe(200);
    // Saved again as it is: nothing changed, nothing to record.
    expect((await owner.client.put(discounts(`/${id}`), discountTerms({ code: 'ESTATE20', kind: 'fixed', value: 500, maxUses: 50 }))).status).toBe(200);
    expect(
      (await owner.client.put(discounts(`/${id}`), discountTerms({ code: 'ESTATE20', kind: 'fixed', value: 500, maxUses: 50, active: false }))).status,
    ).toBe(200);
    expect((await owner.client.del(discounts(`/${id}`))).status).toBe(204);

    const entries = await ofDiscount(id);
    expect(entries.map((e) => [e.kind, e.action, e.summary, e.actor_user_id, e.session_id])).toEqual([
      ['discounts', 'discounts.created', 'Codice sconto ESTATE20 creato', admin.id, sessionOf(admin.client.token)],
      ['discounts', 'discounts.changed', 'Codice sconto ESTATE20 modificato', owner.id, sessionOf(owner.client.token)],
      ['discounts', 'discounts.disabled', 'Codice sconto ESTATE20 disattivato', owner.id, sessionOf(owner.client.token)],
      ['discounts', 'discounts.deleted', 'Codice sconto ESTATE20 eliminato', owner.id, sessionOf(owner.client.token)],
    ]);
    expect(entries[0]?.actor_email).toBe(admin.email);
    expect(entries[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'code', label: 'Codice', before: null, after: 'ESTATE20' },
        { field: 'value', label: 'Valore', before: null, after: '20%' },
      ]),
    );
    expect(entries[1]?.changes).toEqual([
      { field: 'kind', label: 'Tipo', before: 'Percentuale', after: 'Importo fisso' },
      { field: 'value', label: 'Valore', before: '20%', after: '5,00\u00a0€' },
      { field: 'max_uses', label: 'Utilizzi totali', before: null, after: '50' },
    ]);
    expect(entries[2]?.changes).toEqual([{ field: 'active', label: 'Codice utilizzabile', before: 'Sì', after: 'No' }]);
    expect(entries[3]?.changes).toEqual(expect.arrayContaining([{ field: 'code', label: 'Codice', before: 'ESTATE20', after: null }]));
  });

  it("a duplicate code, another store's code, or a failure after the entry leaves no entry and no change", async () => {
    const first = await owner.client.post(discounts(), discountTerms({ code: 'NATALE' }));
    const count = (await entriesOf(server, owner.store.id)).length;
    expect((await owner.client.post(discounts(), discountTerms({ code: 'NATALE' }))).status).toBe(409);
    const foreign = await other.client.post(`${other.base}/discounts`, discountTerms({ code: 'ALTRO' }));
    expect((await owner.client.put(discounts(`/${foreign.body.discount.id}`), discountTerms({ code: 'ALTRO', value: 50 }))).status).toBe(404);
    expect((await owner.client.del(discounts(`/${foreign.body.discount.id}`))).status).toBe(404);
    failRightAfterNextEntry();
    expect((await owner.client.put(discounts(`/${first.body.discount.id}`), discountTerms({ code: 'NATALE', value: 50 }))).status).toBe(500);
    failRightAfterNextEntry();
    expect((await owner.client.del(discounts(`/${first.body.discount.id}`))).status).toBe(500);
    const row = await server.ctx.db.selectFrom('discount_codes').select('value').where('id', '=', first.body.discount.id).executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(10);
    expect(await entriesOf(server, owner.store.id)).toHaveLength(count);
    expect((await entriesOf(server, other.store.id)).map((e) => e.action)).toEqual(['discounts.created']);
  });
});

describe(`'Registro attività': exports (${engine})`, () => {
  it('records every export with who made it, from which session, and what it holds', async () => {
    const p = await insertProduct(server, owner.store.id, { title: 'Quaderno' });
    const files = [
      `${owner.base}/export/products.csv`,
      `${owner.base}/export/products.csv?ids=${p.id}`,
      `${owner.base}/export/orders.csv?from=2026-03-01&to=2026-03-31`,
      `${owner.base}/export/customers.csv?search=rossi`,
      `${owner.base}/invoices/export?month=2026-03`,
    ];
    for (const url of files) expect((await staff.client.get(url)).status, url).toBe(200);
    const entries = (await entriesOf(server, owner.store.id)).filter((e) => e.kind === 'exports');
    expect(entries.map((e) => [e.action, e.summary, e.actor_user_id, e.session_id])).toEqual([
      ['exports.products', 'Esportazione CSV dei prodotti', staff.id, sessionOf(staff.client.token)],
      ['exports.products', 'Esportazione CSV di 1 prodotto selezionato', staff.id, sessionOf(staff.client.token)],
      ['exports.orders', 'Esportazione CSV degli ordini dal 01/03/2026 al 31/03/2026', staff.id, sessionOf(staff.client.token)],
      ['exports.customers', 'Esportazione CSV dei clienti trovati con una ricerca', staff.id, sessionOf(staff.client.token)],
      ['exports.invoices', 'Esportazione delle fatture di 03/2026 (XML FatturaPA e riepilogo CSV)', staff.id, sessionOf(staff.client.token)],
    ]);
    expect(entries[2]?.subject_label).toBe(`ordini-${owner.store.slug}-2026-03-01-2026-03-31.csv`);
    expect(entries.every((e) => e.actor_email === staff.email)).toBe(true);
  });

  it("a selection naming another store's rows, or a bad period, exports nothing and records nothing", async () => {
    const foreign = await insertProduct(server, other.store.id, { title: 'Altrui' });
    const count = (await entriesOf(server, owner.store.id)).length;
    expect((await staff.client.get(`${owner.base}/export/products.csv?ids=${foreign.id}`)).status).toBe(404);
    expect((await staff.client.get(`${owner.base}/export/orders.csv?from=2026-03-11&to=2026-03-10`)).status).toBe(400);
    expect((await other.client.get(`${owner.base}/export/customers.csv`)).status).toBe(404);
    expect(await entriesOf(server, owner.store.id)).toHaveLength(count);
  });
});
