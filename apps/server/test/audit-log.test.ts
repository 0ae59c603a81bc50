import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_RETENTION_DAYS, type AuditEntry } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { audit } from '../src/modules/audit/service.js';
import { auditRetentionJob } from '../src/modules/jobs/registry.js';
import { addMember, client, createStoreFor, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { IBAN, paymentSettings, SECRET_KEY, WEBHOOK_SECRET } from './payment-fixtures.js';
import { DAY_MS, expectApiError, inviteAndReadToken, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
  clock.reset();
});

const BUSINESS = {
  companyName: 'Bottega Legale S.r.l.',
  vatNumber: 'IT 0636 3391 001',
  taxCode: 'RSSMRA85T10A562S',
  street: 'Via Dante 5',
  postalCode: '20121',
  city: 'Milano',
  province: 'mi',
  pec: 'bottega@pec.example.it',
  phone: '+39 02 1234567',
  email: 'info@bottega.example.it',
};
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** An owner signed in from Chrome on macOS, with a store, an admin and a staff member. */
async function storeWithTeam(name = 'Bottega del Registro') {
  const email = uniqueEmail('proprietaria');
  const c = client(server.url);
  const signup = await c.post('/api/auth/signup', { email, password: 'password-sicura-1' }, { headers: { 'user-agent': CHROME_MAC } });
  expect(signup.status).toBe(201);
  c.useSession(signup.body.session);
  const owner = { client: c, email, password: 'password-sicura-1', id: signup.body.session.user.id as string };
  const store = await createStoreFor(server, owner.id, name);
  const admin = await createUser(server, uniqueEmail('admin'));
  const staff = await createUser(server, uniqueEmail('staff'));
  await addMember(server, store.id, admin.id, 'admin');
  await addMember(server, store.id, staff.id, 'staff');
  return { owner, admin, staff, store };
}

const log = (c: ReturnType<typeof client>, storeId: string, query = '') =>
  c.get<{ entries: AuditEntry[]; nextCursor: string | null }>(`/api/stores/${storeId}/audit${query}`);
const entriesOf = async (storeId: string) => server.ctx.db.selectFrom('audit_entries').selectAll().where('store_id', '=', storeId).execute();
const memberIdOf = async (storeId: string, userId: string) =>
  (await server.ctx.db.selectFrom('store_members').select('id').where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirstOrThrow()).id;

describe(`audit log: what each change records (${engine})`, () => {
  it('records a store change with before → after, the member and the session’s device', async () => {
    const { owner, store } = await storeWithTeam();
    const res = await owner.client.patch(`/api/stores/${store.id}`, {
      name: 'Bottega Rinnovata',
      colors: { primary: '#1F2937', secondary: '#F97316', accent: '#10B981' },
    });
    expect(res.status).toBe(200);
    const { body } = await log(owner.client, store.id);
    expect(body.entries).toHaveLength(1);
    const [entry] = body.entries;
    expect(entry).toMatchObject({
      kind: 'settings',
      summary: 'Impostazioni dello store modificate',
      actor: { userId: owner.id, email: owner.email },
      session: { browser: 'Chrome', system: 'macOS', network: 'Rete 127.0.0.x' },
    });
    expect(entry!.changes).toEqual([
      { field: 'name', label: 'Nome', before: 'Bottega del Registro', after: 'Bottega Rinnovata' },
      { field: 'primary', label: 'Colore principale', before: '#8B5CF6', after: '#1F2937' },
    ]);
    // Saving the same values again changes nothing and records nothing.
    await owner.client.patch(`/api/stores/${store.id}`, { name: 'Bottega Rinnovata' });
    expect(await entriesOf(store.id)).toHaveLength(1);
  });

  it('records payment settings with the IBAN masked and Stripe keys only as modificato', async () => {
    const { owner, store } = await storeWithTeam();
    expect((await owner.client.put(`/api/stores/${store.id}/payments`, paymentSettings())).status).toBe(200);
    const off = paymentSettings({ pickup: { enabled: false, address: 'Via Dante 5, 20121 Milano', hours: 'Lun-Sab 9-19' } });
    expect((await owner.client.put(`/api/stores/${store.id}/payments`, { ...off, card: { enabled: true, secretKey: '', webhookSecret: '' } })).status).toBe(
      200,
    );
    const { body } = await log(owner.client, store.id, '?kind=payments');
    const [toggled, first] = body.entries;
    expect(first!.summary).toBe('IBAN modificato');
    expect(first!.changes).toContainEqual({ field: 'iban', label: 'IBAN', before: null, after: 'IT•• •••• … 3456' });
    expect(first!.changes).toContainEqual({ field: 'secretKey', label: 'Chiave segreta Stripe', before: null, after: 'modificato' });
    expect(first!.changes).toContainEqual({ field: 'webhookSecret', label: 'Segreto del webhook Stripe', before: null, after: 'modificato' });
    expect(toggled!.changes).toEqual([{ field: 'pickupOn', label: 'Ritiro in negozio', before: 'attivo', after: 'disattivato' }]);
    // No secret anywhere in the stored rows.
    const stored = JSON.stringify(await entriesOf(store.id));
    for (const secret of [IBAN, SECRET_KEY, WEBHOOK_SECRET, 'sk_test_', 'whsec_']) expect(stored).not.toContain(secret);
  });

  it('records shipping rates by destination', async () => {
    const { owner, store } = await storeWithTeam();
    const res = await owner.client.put(`/api/stores/${store.id}/shipping`, {
      domestic: { rateCents: 490, freeAboveCents: 5000 },
      countries: [{ code: 'FR', rateCents: 1200, freeAboveCents: null }],
    });
    expect(res.status).toBe(200);
    const [entry] = (await log(owner.client, store.id)).body.entries;
    expect(entry!.summary).toBe('Tariffe di spedizione modificate');
    expect(entry!.changes).toEqual([
      { field: 'IT', label: 'Spedizione Italia', before: '5,99\u00a0€', after: '4,90\u00a0€ (gratuita da 50,00\u00a0€)' },
      { field: 'FR', label: 'Spedizione Francia', before: null, after: '12,00\u00a0€' },
    ]);
  });

  it('records business details field by field', async () => {
    const { owner, store } = await storeWithTeam();
    const body = { ...BUSINESS, companyName: 'Bottega Legale S.r.l.' };
    expect((await owner.client.put(`/api/stores/${store.id}/business`, body)).status).toBe(200);
    expect((await owner.client.put(`/api/stores/${store.id}/business`, { ...body, city: 'Roma', province: 'RM' })).status).toBe(200);
    const [second, first] = (await log(owner.client, store.id)).body.entries;
    expect(first!.changes).toContainEqual({ field: 'vatNumber', label: 'Partita IVA', before: null, after: '06363391001' });
    expect(second).toMatchObject({ summary: 'Dati aziendali modificati' });
    expect(second!.changes).toEqual([
      { field: 'city', label: 'Comune', before: 'Milano', after: 'Roma' },
      { field: 'province', label: 'Provincia', before: 'MI', after: 'RM' },
    ]);
  });

  it('records team changes: role, removal, ownership transfer', async () => {
    const { owner, admin, staff, store } = await storeWithTeam();
    const staffMember = await memberIdOf(store.id, staff.id);
    const adminMember = await memberIdOf(store.id, admin.id);
    expect((await owner.client.patch(teamUrl(store.id, `/members/${staffMember}`), { role: 'admin' })).status).toBe(200);
    expect((await owner.client.del(teamUrl(store.id, `/members/${staffMember}`), {})).status).toBe(204);
    expect((await owner.client.post(teamUrl(store.id, '/ownership'), { memberId: adminMember, password: owner.password })).status).toBe(200);
    const { body } = await log(owner.client, store.id, '?kind=team');
    expect(body.entries.map((e) => [e.summary, e.changes[0]?.before, e.changes[0]?.after])).toEqual([
      [`Proprietà dello store trasferita a ${admin.email}`, owner.email, admin.email],
      [`Membro rimosso dal team: ${staff.email}`, 'Amministratore', null],
      [`Ruolo cambiato: ${staff.email}`, 'Staff', 'Amministratore'],
    ]);
  });

  it('records invitations sent, revoked and accepted (the accepting person is the actor)', async () => {
    const { owner, store } = await storeWithTeam();
    const invitee = await createUser(server, uniqueEmail('invitata'));
    const { token } = await inviteAndReadToken(server, owner.client, store.id, invitee.email);
    const other = await inviteAndReadToken(server, owner.client, store.id, uniqueEmail('ripensata'));
    expect((await owner.client.del(teamUrl(store.id, `/invitations/${other.invitation.id}`), {})).status).toBe(204);
    expect((await invitee.client.post('/api/invitations/accept', { token })).status).toBe(200);
    const { body } = await log(owner.client, store.id, '?kind=invitations');
    expect(body.entries.map((e) => [e.summary, e.actor.email])).toEqual([
      [`Invito accettato: ${invitee.email} entra nel team`, invitee.email],
      [`Invito annullato: ${other.invitation.email}`, owner.email],
      [`Invito inviato a ${other.invitation.email}`, owner.email],
      [`Invito inviato a ${invitee.email}`, owner.email],
    ]);
    expect(body.entries[3]!.changes).toEqual([{ field: 'role', label: 'Ruolo', before: null, after: 'Staff' }]);
  });
});

describe(`audit log: one transaction with the change (${engine})`, () => {
  /** Makes the change fail right after its entry was written: neither may remain. */
  function failAfterTheEntry() {
    const record = audit.record.bind(audit);
    vi.spyOn(audit, 'record').mockImplementation(async (trx, actor, entry) => {
      await record(trx, actor, entry);
      throw new Error('the change fails after its entry');
    });
  }

  it('leaves no entry and no change when the change fails after the entry', async () => {
    const { owner, staff, store } = await storeWithTeam();
    const staffMember = await memberIdOf(store.id, staff.id);
    failAfterTheEntry();
    const attempts = [
      () => owner.client.patch(`/api/stores/${store.id}`, { name: 'Nome mai salvato' }),
      () => owner.client.put(`/api/stores/${store.id}/payments`, paymentSettings()),
      () => owner.client.put(`/api/stores/${store.id}/shipping`, { domestic: { rateCents: 100, freeAboveCents: null }, countries: [] }),
      () => owner.client.put(`/api/stores/${store.id}/business`, BUSINESS),
      () => owner.client.patch(teamUrl(store.id, `/members/${staffMember}`), { role: 'admin' }),
      () => owner.client.del(teamUrl(store.id, `/members/${staffMember}`), {}),
      () => owner.client.post(teamUrl(store.id, '/invitations'), { email: uniqueEmail('mai'), role: 'staff' }),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(500);
    vi.restoreAllMocks();
    expect(await entriesOf(store.id)).toEqual([]);
    const row = await server.ctx.db.selectFrom('stores').select('name').where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Bottega del Registro');
    const db = server.ctx.db;
    expect(await db.selectFrom('store_payment_settings').select('store_id').where('store_id', '=', store.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('store_shipping_settings').select('store_id').where('store_id', '=', store.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('store_business_details').select('store_id').where('store_id', '=', store.id).executeTakeFirst()).toBeUndefined();
    expect((await db.selectFrom('store_members').select('role').where('id', '=', staffMember).executeTakeFirstOrThrow()).role).toBe('staff');
    expect(await db.selectFrom('store_invitations').select('id').where('store_id', '=', store.id).execute()).toEqual([]);
  });
});

describe(`audit log: reading it (${engine})`, () => {
  it('is for owners and admins: staff get 403, another store’s team 404, for the list and the file', async () => {
    const { admin, staff, store } = await storeWithTeam();
    const outsider = await createUser(server);
    await createStoreFor(server, outsider.id, 'Altro negozio');
    expect((await log(admin.client, store.id)).status).toBe(200);
    for (const path of ['', '/members', '/export.csv']) {
      expectApiError(await staff.client.get(`/api/stores/${store.id}/audit${path}`), 403, 'Non hai i permessi per questa operazione');
      expectApiError(await outsider.client.get(`/api/stores/${store.id}/audit${path}`), 404, 'Store non trovato');
    }
    // Refused exports record nothing.
    expect(await entriesOf(store.id)).toEqual([]);
  });

  it('has no route that edits or deletes an entry', async () => {
    const { owner, store } = await storeWithTeam();
    await owner.client.patch(`/api/stores/${store.id}`, { name: 'Un nome nuovo' });
    const [entry] = (await log(owner.client, store.id)).body.entries;
    for (const method of ['del', 'patch', 'put'] as const) {
      for (const path of ['', `/${entry!.id}`]) expect((await owner.client[method](`/api/stores/${store.id}/audit${path}`, {})).status).toBe(404);
    }
    expect(await entriesOf(store.id)).toHaveLength(1);
  });

  it('filters by member, kind and Italian day, and pages newest first', async () => {
    const { owner, admin, store } = await storeWithTeam();
    for (const name of ['Nome uno', 'Nome due', 'Nome tre']) await owner.client.patch(`/api/stores/${store.id}`, { name });
    await admin.client.put(`/api/stores/${store.id}/shipping`, { domestic: { rateCents: 700, freeAboveCents: null }, countries: [] });
    // An entry from 23:30 of 1 March in Italy (22:30 UTC): it belongs to 1 March, not 2 March.
    await server.ctx.db
      .updateTable('audit_entries')
      .set({ created_at: '2026-03-01T22:30:00.000Z' })
      .where('store_id', '=', store.id)
      .where('kind', '=', 'settings')
      .where('summary', '=', 'Tariffe di spedizione modificate')
      .execute();

    const byAdmin = (await log(owner.client, store.id, `?member=${admin.id}`)).body.entries;
    expect(byAdmin.map((e) => e.summary)).toEqual(['Tariffe di spedizione modificate']);
    expect((await log(owner.client, store.id, '?kind=team')).body.entries).toEqual([]);
    expect((await log(owner.client, store.id, '?from=2026-03-01&to=2026-03-01')).body.entries).toHaveLength(1);
    expect((await log(owner.client, store.id, '?from=2026-03-02&to=2026-03-02')).body.entries).toEqual([]);

    const first = await log(owner.client, store.id, `?member=${owner.id}&limit=2`);
    expect(first.body.entries.map((e) => e.changes[0]?.after)).toEqual(['Nome tre', 'Nome due']);
    const second = await log(owner.client, store.id, `?member=${owner.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e) => e.changes[0]?.after)).toEqual(['Nome uno']);
    expect(second.body.nextCursor).toBeNull();

    const members = await owner.client.get(`/api/stores/${store.id}/audit/members`);
    expect(members.body.members.map((m: { email: string }) => m.email).sort()).toEqual([admin.email, owner.email].sort());
  });

  it.each([
    ['?kind=segreti', 'Tipo di attività non valido'],
    ['?from=2026-02-30', 'Data non valida: usa il formato AAAA-MM-GG'],
    ['?from=01/03/2026', 'Data non valida: usa il formato AAAA-MM-GG'],
    ['?from=2026-03-05&to=2026-03-01', 'La data di inizio deve precedere quella di fine'],
    ['?limit=0', 'Numero di voci non valido (da 1 a 100)'],
    ['?cursor=non-un-cursore', 'Pagina non valida: ricarica il registro'],
    ['?campo=1', undefined],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { owner, store } = await storeWithTeam();
    const res = await log(owner.client, store.id, query);
    expectApiError(res, 400, message);
  });

  it('exports the filtered entries as an Italian CSV, safe for spreadsheets, and records the export', async () => {
    const { owner, store } = await storeWithTeam();
    await owner.client.patch(`/api/stores/${store.id}`, { name: '=SOMMA(A1:A9)' });
    const res = await fetch(`${server.url}/api/stores/${store.id}/audit/export.csv?kind=settings`, {
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="registro-attivita-.+\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // The BOM, so that Italian Excel reads the accents.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data e ora;Membro;Tipo;Attività;Oggetto;Modifiche;Sessione');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;${owner.email};Impostazioni;Impostazioni dello store modificate;'=SOMMA(A1:A9);`);
    expect(lines[1]).toContain('Nome: Bottega del Registro → =SOMMA(A1:A9)');
    expect(lines[1]).toMatch(/;Chrome su macOS · Rete 127\.0\.0\.x$/);
    const intl = await fetch(`${server.url}/api/stores/${store.id}/audit/export.csv?format=internazionale`, {
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect((await intl.text()).split('\r\n')[0]).toBe('Data e ora,Membro,Tipo,Attività,Oggetto,Modifiche,Sessione');
    // Each export is itself in the log.
    const exports = (await log(owner.client, store.id, '?kind=exports')).body.entries;
    expect(exports.map((e) => e.summary)).toEqual(['Registro attività esportato in CSV', 'Registro attività esportato in CSV']);
  });
});

describe(`audit log: retention (${engine})`, () => {
  it('the daily job removes entries past AUDIT_RETENTION_DAYS and keeps the younger ones', async () => {
    const { owner, store } = await storeWithTeam();
    const actor = { storeId: store.id, user: { id: owner.id, email: owner.email } };
    const write = (name: string) =>
      server.ctx.db.transaction().execute((trx) =>
        audit.record(trx, actor, {
          kind: 'settings',
          action: 'store.updated',
          summary: 'Prova',
          changes: [{ field: 'name', label: 'Nome', before: null, after: name }],
        }),
      );
    await write('Entrata vecchia');
    clock.advance(10 * DAY_MS);
    await write('Entrata recente');
    // A year and a day after the first entry: it is past the retention, the second is not.
    clock.advance((AUDIT_RETENTION_DAYS - 10) * DAY_MS + DAY_MS);
    expect(await auditRetentionJob(server.ctx, 'prova').runOnce()).toBeGreaterThanOrEqual(1);
    const left = await entriesOf(store.id);
    expect(left.map((e) => JSON.parse(e.changes)[0].after)).toEqual(['Entrata recente']);
  });
});
