import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * `orders.marketing_consent_at` (docs/decisions/0046-customers-from-orders.md, 'Consent'): when the
 * shopper ticked the checkout's optional 'Voglio ricevere via e-mail novità e offerte' box; null when
 * they did not, and for every order from before the box existed. 'Clienti' reads the latest order's.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('orders').addColumn('marketing_consent_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('marketing_consent_at').execute();
}
