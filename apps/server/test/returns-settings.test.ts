import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_SETTINGS, RETURN_SHIPPING_LABELS, WITHDRAWAL_EXCLUSION_LABELS } from '@vetrina/shared/returns';
import { returnSettingsOf } from '../src/modules/returns/settings/service.js';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';

let server: TestServer;
let owner: Client;
let admin: Client;
let staff: Client;
let otherOwner: Client;
let store: { id: string; slug: string; name: string };

const SETTINGS = {
  address: 'Bottega Resi S.r.l.\nVia dei Resi 7, 40121 Bologna (BO)',
  returnShippingPaidBy: 'store',
  instructions: 'Metti nel pacco il numero del reso.\nUsa un imballo robusto.',
};

beforeAll(async () => {
  server = await startServer();
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Resi');
  const ad = await createUser(server);
  admin = ad.client;
  await addMember(server, store.id, ad.id, 'admin');
  const s = await createUser(server);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
  const b = await createUser(server);
  otherOwner = b.client;
  await createStoreFor(server, b.id, 'Altro Negozio');
});
afterAll(async () => {
  await server.close();
});

const api = (path = '') => `/api/stores/${store.id}${path}`;
const publicPage = (kind: string) => client(server.url).get(`/api/public/stores/${store.slug}/pages/${kind}`);
const saved = () => server.ctx.db.selectFrom('store_return_settings').selectAll().where('store_id', '=', store.id).executeTakeFirst();

describe(`Impostazioni → Resi (${engine})`, () => {
  it('a store that never saved them reads the defaults, and the templates say how to withdraw', async () => {
    const res = await owner.get(api('/returns-settings'));
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(DEFAULT_RETURN_SETTINGS);
    expect(await returnSettingsOf(server.ctx, store.id)).toEqual(DEFAULT_RETURN_SETTINGS);

    const page = (await owner.get(api('/legal-pages/spedizioni-resi'))).body.page;
    expect(page.markdown).toContain('**«Recedi dal contratto»**');
    expect(page.markdown).toContain('in fondo a ogni pagina del negozio, nella pagina del tuo ordine');
    expect(page.markdown).toContain('Non serve un account');
    expect(page.markdown).toContain('Le spese dirette di restituzione sono a tuo carico.');
    // No address anywhere yet: the acknowledgment mail gives it.
    expect(page.markdown).toContain('all’indirizzo indicato nell’e-mail di conferma del recesso');
    expect(page.markdown).not.toMatch(/recesso inviaci/i);
  });

  it('refuses bad input with the Italian message and changes nothing', async () => {
    const bad = [
      [{ ...SETTINGS, address: 'x'.repeat(501) }, 'L’indirizzo per i resi può avere al massimo 500 caratteri'],
      [{ ...SETTINGS, instructions: 'x'.repeat(2001) }, 'Le istruzioni per il reso possono avere al massimo 2.000 caratteri'],
      [{ ...SETTINGS, returnShippingPaidBy: 'corriere' }, 'Scegli chi paga la spedizione del reso'],
      [{ address: '', instructions: '' }, 'Scegli chi paga la spedizione del reso'],
      [{ ...SETTINGS, extra: true }, ''],
    ] as const;
    for (const [input, message] of bad) {
      const res = await owner.put(api('/returns-settings'), input);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect(await saved()).toBeUndefined();
    expect((await owner.get(api('/returns-settings'))).body.settings).toEqual(DEFAULT_RETURN_SETTINGS);
  });

  it('staff read them but cannot change them; another store’s member gets 404', async () => {
    expect((await staff.get(api('/returns-settings'))).status).toBe(200);
    const refused = await staff.put(api('/returns-settings'), SETTINGS);
    expect(refused.status).toBe(403);
    expect((await otherOwner.get(api('/returns-settings'))).status).toBe(404);
    expect((await otherOwner.put(api('/returns-settings'), SETTINGS)).status).toBe(404);
    expect(await saved()).toBeUndefined();
  });

  it('an admin saves them trimmed; the legal pages show the address, who pays and the instructions', async () => {
    // A page read before the save must not be served stale from the storefront cache.
    expect((await publicPage('termini')).status).toBe(200);
    const res = await admin.put(api('/returns-settings'), { ...SETTINGS, address: `  ${SETTINGS.address}  ` });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(SETTINGS);
    expect((await owner.get(api('/returns-settings'))).body.settings).toEqual(SETTINGS);
    expect(JSON.parse((await saved())!.settings)).toEqual(SETTINGS);
    expect(await returnSettingsOf(server.ctx.db, store.id)).toEqual(SETTINGS);

    for (const kind of ['termini', 'spedizioni-resi']) {
      const { markdown } = (await owner.get(api(`/legal-pages/${kind}`))).body.page;
      expect(markdown).toContain('a questo indirizzo: **Bottega Resi S.r.l., Via dei Resi 7, 40121 Bologna (BO)**');
      expect(markdown).toContain('Le spese di restituzione sono a nostro carico.');
      expect(markdown).toContain('**Istruzioni per il reso**  \nMetti nel pacco il numero del reso.  \nUsa un imballo robusto.');
      expect(markdown).toContain('premi **«Conferma il recesso»**');
      expect(markdown).toContain('«Abbiamo ricevuto il tuo recesso»');
      expect(markdown).toContain(`per esempio «${WITHDRAWAL_EXCLUSION_LABELS.perishable}»`);
      expect(markdown).not.toContain('a tuo carico');
    }
    const html = (await publicPage('termini')).body.page.html as string;
    expect(html).toContain('<strong>«Recedi dal contratto»</strong>');
    expect(html).toContain('Via dei Resi 7');
    expect(html).toContain('<h3>Come recedere</h3>');
    expect(RETURN_SHIPPING_LABELS.store).toContain('a carico del negozio');
  });

  it('an address and instructions with Markdown stay plain text on the legal page', async () => {
    const res = await owner.put(api('/returns-settings'), {
      address: 'Via [clicca](javascript:alert(1)) <b>9</b>',
      returnShippingPaidBy: 'customer',
      instructions: '*niente* _corsivo_',
    });
    expect(res.status).toBe(200);
    const html = (await publicPage('spedizioni-resi')).body.page.html as string;
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('<b>9</b>');
    expect(html).toContain('*niente* _corsivo_');
    expect(html).toContain('Le spese dirette di restituzione sono a tuo carico.');
  });
});
