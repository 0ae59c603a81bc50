import type { CompiledQuery } from 'kysely';
import type { Db } from './index.js';
import { writeNowOrLater, type PendingWrites } from './prepared.js';

/** A unit of work whose writes wait in a batch, sent with the unit's own statement. */
class Batched {
  readonly #db: Db;
  readonly #pending: PendingWrites;
  constructor(db: Db, pending: PendingWrites) {
    this.#db = db;
    this.#pending = pending;
  }
  static open(scope: Batched): { db: Db; pending: PendingWrites } {
    return { db: scope.#db, pending: scope.#pending };
  }
}

/**
 * Where a unit of work's writes go, one value that services receive and forward without looking
 * inside: a transaction (or the database), whose writes run at once, or the checkout's unit
 * (`batchedScope`), whose writes wait in its pending batch and go with the order's own statement
 * on PostgreSQL (docs/decisions/0002-orders.md). Only repos open it: `writeIn`, `executorOf`,
 * `batchOf`.
 */
export type WriteScope = Db | Batched;

/** A scope whose writes are added to `pending` (run by the unit's owner), read and compiled on `db`. */
export function batchedScope(db: Db, pending: PendingWrites): WriteScope {
  return new Batched(db, pending);
}

/** What reads and compiles in the scope: its transaction or database. */
export function executorOf(scope: WriteScope): Db {
  return scope instanceof Batched ? Batched.open(scope).db : scope;
}

/** The scope's pending batch, for a write that must be part of the unit's one statement. */
export function batchOf(scope: WriteScope): PendingWrites {
  if (!(scope instanceof Batched)) throw new Error('this write needs a batched scope');
  return Batched.open(scope).pending;
}

/** Runs the statements now (together: `runTogether`), or adds them to the scope's pending batch. */
export function writeIn(scope: WriteScope, queries: readonly CompiledQuery[]): Promise<void> {
  if (scope instanceof Batched) {
    const { db, pending } = Batched.open(scope);
    return writeNowOrLater(db, queries, pending);
  }
  return writeNowOrLater(scope, queries);
}
