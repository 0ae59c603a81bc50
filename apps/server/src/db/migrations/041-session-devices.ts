import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * 'Dispositivi e sessioni' (issue 49): what each session says about where it is used.
 * - `sessions.ip_prefix`: the sign-in address cut to its network (IPv4 /24 as '203.0.113.x',
 *   IPv6 /48 as '2001:db8:1::/48'); the full address is never stored.
 * - `sessions.device_key`: browser, system and network together ('Chrome|macOS|203.0.113.x'):
 *   a sign-in whose key none of the last 90 days' sessions carries mails 'Nuovo accesso al tuo account'.
 * - `sessions.last_used_at`: set when the session starts and at every refresh of its token.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ip_prefix', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('device_key', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db.schema.createIndex('sessions_user_device_idx').on('sessions').columns(['user_id', 'device_key']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sessions_user_device_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('device_key').execute();
  await db.schema.alterTable('sessions').dropColumn('ip_prefix').execute();
}
