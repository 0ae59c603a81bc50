import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Passkeys (issue 49, point 2), owned by the auth module.
 * - `auth_passkeys`: an account's WebAuthn credentials: the credential id and COSE public key
 *   (base64url), the signature counter, the transports the browser reported, a name, when it was
 *   registered and last used. A credential id belongs to one account only.
 * - `auth_webauthn_challenges`: each challenge handed to the browser, stored as its SHA-256 hash,
 *   single use, two minutes of life; 'register' names its account, 'sign_in' names none (the
 *   passkey tells), 'second_step' names the account and the password step it answers.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('auth_passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('auth_passkeys_user_idx').on('auth_passkeys').column('user_id').execute();

  await db.schema
    .createTable('auth_webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('auth_users.id').onDelete('cascade'))
    .addColumn('mfa_challenge_id', 'text', (c) => c.references('auth_mfa_challenges.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_webauthn_challenges_expiry_idx').on('auth_webauthn_challenges').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('auth_webauthn_challenges').execute();
  await db.schema.dropTable('auth_passkeys').execute();
}
