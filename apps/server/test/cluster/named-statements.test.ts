import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../src/db/index.js';
import { prepared } from '../../src/db/prepared.js';

// PostgreSQL only (see vitest.config.ts): queries compiled once run as named statements, parsed
// once per connection; queries built per call stay unnamed, so a connection keeps a bounded set.
let db: Db;
let destroy: () => Promise<void>;
const schema = `named_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  ({ db, destroy } = await openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL!,
    databaseSchema: schema,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-named-')),
  }));
  await migrate(db, schema);
});
afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await destroy();
});

const storeBySlug = prepared((d: Db, a: { slug: string }) => d.selectFrom('stores').select(['id', 'name']).where('slug', '=', a.slug));
const preparedOnConnection = (conn: Db) =>
  sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn).then((r) => r.rows.map((x) => x.statement));

it('runs a prepared query as a named statement, prepared once on its connection, with each call’s values', async () => {
  await db.connection().execute(async (conn) => {
    expect(await storeBySlug.all(conn, { slug: 'non-esiste' })).toEqual([]);
    expect(await storeBySlug.all(conn, { slug: 'altro' })).toEqual([]);
    const statements = await preparedOnConnection(conn);
    const ours = statements.filter((s) => s.includes('"stores"') && s.includes('"slug" = $1'));
    expect(ours).toHaveLength(1);
    // A query built per call is not kept by the connection.
    await db.selectFrom('stores').select('id').where('name', '=', 'Negozio costruito ora').execute();
    await conn.selectFrom('stores').select('id').where('name', '=', 'Negozio costruito ora').execute();
    expect((await preparedOnConnection(conn)).filter((s) => s.includes('"name" = $1'))).toEqual([]);
  });
});
