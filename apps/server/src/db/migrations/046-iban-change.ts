import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * 'IBAN modificato' (issue 49, point 4), owned by the payments module: when the store's IBAN last
 * changed and who changed it (their e-mail then), so the orders page can warn the team for seven
 * days. Null until the IBAN first changes after this migration.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('store_payment_settings').addColumn('iban_changed_at', 'text').execute();
  await db.schema.alterTable('store_payment_settings').addColumn('iban_changed_by', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('store_payment_settings').dropColumn('iban_changed_by').execute();
  await db.schema.alterTable('store_payment_settings').dropColumn('iban_changed_at').execute();
}
