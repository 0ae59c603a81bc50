import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cheapest statement that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>) {
  await sql`select 1`.execute(db);
}
