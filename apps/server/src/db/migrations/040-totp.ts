import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * 'Verifica in due passaggi' (issue 49, point 1), owned by the auth module.
 * - `auth_factors`: an authenticator app per account; the TOTP secret sealed with the server's
 *   secrets box; `last_used_step` is the newest 30-second step accepted, so a code works once.
 * - `auth_recovery_codes`: ten per factor, stored as SHA-256 hashes, each used once.
 * - `auth_mfa_challenges`: the sign-in step between the password and the code: a random token
 *   stored hashed, single use, five minutes of life.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('auth_factors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('factor_type', 'text', (c) => c.notNull())
    .addColumn('friendly_name', 'text')
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema.createIndex('auth_factors_user_idx').on('auth_factors').column('user_id').execute();

  await db.schema
    .createTable('auth_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_recovery_codes_key').unique().on('auth_recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('auth_mfa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('auth_mfa_challenges').execute();
  await db.schema.dropTable('auth_recovery_codes').execute();
  await db.schema.dropTable('auth_factors').execute();
}
