import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * How sure a session is of who holds it (issue 49, points 3 and 4), owned by the auth module
 * (sessions) and the stores module (stores).
 * - `sessions.aal`: 'aal1' after a password alone, 'aal2' after a second factor or a passkey.
 * - `sessions.proved_at`: the last time the holder proved it is them (sign-in, or 'Conferma la tua
 *   identità'); what moves money or power needs it within the last five minutes.
 * - `stores.two_step_required`: 1 when the owner asked for 'Richiedi la verifica in due passaggi al
 *   team': the API refuses the store's routes to a session without a second factor.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('aal', 'text', (c) => c.notNull().defaultTo('aal1'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('proved_at', 'text').execute();
  await db.schema
    .alterTable('stores')
    .addColumn('two_step_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('stores').dropColumn('two_step_required').execute();
  await db.schema.alterTable('sessions').dropColumn('proved_at').execute();
  await db.schema.alterTable('sessions').dropColumn('aal').execute();
}
