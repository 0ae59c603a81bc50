import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { dropSchema, engine, PG_URL } from './harness.js';

const AT = '2026-01-01T00:00:00.000Z';

describe(`migration 032-seller-address-once (${engine})`, () => {
  it('moves the seat from the invoice settings to the business details; a free-text seat stays as typed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-migration-'));
    const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const { db, destroy } = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo('030-visitor-addresses')).error).toBeUndefined();
      const old = db as unknown as Kysely<any>;
      // both: details and an invoice seat; invoiceOnly: an invoice seat, no details row; freeText: the old one-line seat only.
      const [both, invoiceOnly, freeText] = [randomUUID(), randomUUID(), randomUUID()];
      for (const [i, id] of [both, invoiceOnly, freeText].entries()) {
        await old
          .insertInto('stores')
          .values({ id, name: `S${i}`, slug: `s-${id}`, colors: '{}', created_at: AT })
          .execute();
      }
      const details = { vat_number: '06363391001', tax_code: '', pec: '', phone: '', email: '', updated_at: AT };
      await old
        .insertInto('store_business_details')
        .values([
          { store_id: both, company_name: 'Doppia S.r.l.', address: 'Via Vecchia 9, Milano', ...details },
          { store_id: freeText, company_name: 'Testo S.r.l.', address: 'Piazza Duomo 1, 20122 Milano', ...details },
        ])
        .execute();
      const seat = { default_vat_code: '22', fiscal_regime: 'RF01', auto_issue: 0, updated_at: AT };
      await old
        .insertInto('store_invoice_settings')
        .values([
          { store_id: both, street: 'Via Roma 1', postal_code: '20121', city: 'Milano', province: 'MI', ...seat },
          { store_id: invoiceOnly, street: 'Corso Italia 10', postal_code: '52100', city: 'Arezzo', province: '', ...seat },
        ])
        .execute();

      await migrate(db, schema);
      const rows = await db
        .selectFrom('store_business_details')
        .select(['store_id', 'company_name', 'address', 'street', 'postal_code', 'city', 'province'])
        .orderBy('company_name')
        .execute();
      const byStore = Object.fromEntries(rows.map(({ store_id, ...r }) => [store_id, r]));
      expect(byStore[both]).toEqual({
        company_name: 'Doppia S.r.l.',
        address: 'Via Roma 1, 20121 Milano (MI)',
        street: 'Via Roma 1',
        postal_code: '20121',
        city: 'Milano',
        province: 'MI',
      });
      expect(byStore[invoiceOnly]).toEqual({
        company_name: '',
        address: 'Corso Italia 10, 52100 Arezzo',
        street: 'Corso Italia 10',
        postal_code: '52100',
        city: 'Arezzo',
        province: '',
      });
      expect(byStore[freeText]).toEqual({
        company_name: 'Testo S.r.l.',
        address: 'Piazza Duomo 1, 20122 Milano',
        street: 'Piazza Duomo 1, 20122 Milano',
        postal_code: '',
        city: '',
        province: '',
      });
      // The invoice settings keep their rate and regime, not a second copy of the seat.
      const settings = await (db as unknown as Kysely<any>)
        .selectFrom('store_invoice_settings')
        .selectAll()
        .where('store_id', '=', both)
        .executeTakeFirstOrThrow();
      expect(settings).toMatchObject({ default_vat_code: '22', fiscal_regime: 'RF01' });
      expect(settings).not.toHaveProperty('street');
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
});
