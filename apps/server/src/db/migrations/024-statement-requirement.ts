import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * PostgreSQL only: `vetrina_require(ok, what)` stops the statement it is part of, with SQLSTATE
 * VT409, when `ok` is not true. An order on PostgreSQL is one statement (its stock, rows, mails,
 * bell and numbers as data-modifying WITHs, docs/decisions/0002-orders.md): the statement's result
 * calls this with whether every line's units were reserved, so a short line undoes all of it, as
 * a rolled-back transaction did. SQLite runs an order as a transaction of statements and needs none.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function vetrina_require(ok boolean, what text) returns boolean language plpgsql as $$
    begin
      if ok is not true then
        raise exception 'requirement not met: %', what using errcode = 'VT409';
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function vetrina_require(boolean, text)`.execute(db);
}
