import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.js';

/** Stands for a value given at run time, in the one build of a prepared query. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once, then run with new values: Kysely otherwise builds and compiles
 * a query's tree on every call, which on the hottest reads (a storefront page runs eight) cost as
 * much as running them. `build` receives stand-ins for the values, used as Kysely values (a `where`
 * operand, a `limit`, a `${}` in `sql`); the compiled SQL keeps their places, and each run puts
 * the given values there. Only scalar values: an `in` list's length changes the SQL, so such
 * queries are built per call as usual.
 */
export function prepared<Args extends Record<string, string | number | null>, Row>(db: Db, build: (args: Args) => Compilable<Row>) {
  let compiled: { query: CompiledQuery<Row>; places: Array<Slot | unknown> } | undefined;
  const compile = () => {
    const slots = new Proxy({} as Args, { get: (_t, name) => new Slot(String(name)) });
    const query = build(slots).compile();
    return { query, places: [...query.parameters] };
  };
  const queryFor = (args: Args): CompiledQuery<Row> => {
    compiled ??= compile();
    const parameters = compiled.places.map((p) => (p instanceof Slot ? args[p.name] : p));
    return { ...compiled.query, parameters };
  };
  return {
    all: async (args: Args): Promise<Row[]> => (await db.executeQuery(queryFor(args))).rows,
    first: async (args: Args): Promise<Row | undefined> => (await db.executeQuery(queryFor(args))).rows[0],
  };
}
