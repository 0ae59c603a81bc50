import type { AppContext } from '../../../lib/context.js';
import { isRequirementFailure, type Db } from '../../../db/index.js';
import { inList, PendingWrites, prepared, ReadsTogether, type ReadFrom } from '../../../db/prepared.js';
import { batchedScope, type WriteScope } from '../../../db/write-scope.js';
import { inventory, type StockLine } from '../../inventory/service.js';
import { storeOrderNumbers } from '../../stores/service.js';

/** Every checkout asks first whether its key already made an order (compiled once). */
const orderByKey = prepared((db: Db, a: { storeId: string; key: string }) =>
  db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'total_cents',
      'idempotency_fingerprint',
      'public_token',
      'payment_method',
      'payment_status',
      'payment_details',
      'surcharge_cents',
    ])
    .where('store_id', '=', a.storeId)
    .where('idempotency_key', '=', a.key),
);

// Compiled once (db/prepared.ts); the ids are one bound list. Read by id only: given the store as
// an index as well, SQLite would read every product or variant of the store. The store is checked
// on the rows read.
const productRows = prepared((db: Db, a: { ids: readonly string[] }) =>
  db
    .selectFrom('products')
    .select(['id', 'store_id', 'title', 'price_cents', 'status', 'vat_code'])
    .where(inList(db, 'id', a.ids)),
);
const variantRows = prepared((db: Db, a: { ids: readonly string[] }) =>
  db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'label', 'price_delta_cents'])
    .where(inList(db, 'product_id', a.ids))
    .where('archived_at', 'is', null),
);

/**
 * The checkout's reads: alone, or with the checkout's other reads in one round trip when `db` is
 * a `ReadsTogether` (PostgreSQL).
 */
export function checkoutRepo(db: ReadFrom) {
  return {
    /** The order this idempotency key already made in the store, if any. */
    orderByKey: (storeId: string, key: string) => orderByKey.first(db, { storeId, key }),
    /** The products of the cart (any store's: the caller keeps the store's own). */
    products: (ids: readonly string[]) => productRows.all(db, { ids }),
    /** The live variants of those products. */
    variants: (productIds: readonly string[]) => variantRows.all(db, { ids: productIds }),
  };
}

/** A read whose failure is thrown where it is awaited, not reported as unhandled meanwhile. */
export function handled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/**
 * The checkout's reads, gathered: one round trip on PostgreSQL (db/prepared.ts, ReadsTogether),
 * one by one on SQLite. Each read is added with `from` and settles once `run` has run.
 */
export function checkoutReads(ctx: AppContext) {
  const reads = new ReadsTogether(ctx.db);
  return {
    from: reads as ReadFrom,
    /**
     * The order's number, with the reads on PostgreSQL when the settings accept the order
     * (`take`) and the key made none yet. Taken in the order's own statement it would hold the
     * store's counter row until that commit and queue every other checkout of the store behind it
     * (measured: 170 orders/s, every waiter on that row). The price is a gap in the numbering when
     * the order is then refused (stock gone, prices changed). SQLite has one writer at a time
     * anyway: there the number is taken in the order's transaction and has no gaps (null here).
     */
    orderNumber(storeId: string, key: string, take: boolean): () => Promise<number | null> {
      if (ctx.dialect !== 'postgres') return async () => null;
      const read = handled(storeOrderNumbers.besideReads(reads, storeId, key, take));
      // None taken although the key had no order in the reads' snapshot cannot happen; if it did,
      // the number is taken alone.
      return async () => (await read) ?? (await storeOrderNumbers.next(ctx.db, storeId));
    },
    run: () => reads.run(),
  };
}

/**
 * Where an order's writes go: `scope` gathers them in the unit's batch, sent with its one statement
 * or before its commit; `db` (the transaction, or the database) runs a write at once.
 */
export interface OrderUnit {
  db: Db;
  scope: WriteScope;
  /** Sends the writes added so far (a discount's redemption names the order's row, written first). */
  flush(): Promise<void>;
}

/**
 * Reserves the order's stock and runs `write` with the order's number, as one unit. PostgreSQL
 * with the number taken and nothing to send in between (`inOneStatement`): the stock and every
 * write of the order in one statement that commits by itself (no transaction holds a unit's or the
 * day's row across a round trip); a short line undoes all of it (docs/decisions/0002-orders.md).
 * Otherwise one transaction, which takes the number if the reads did not: on SQLite the order
 * shares its commit with the checkouts that arrived meanwhile (db/group-commit.ts).
 */
export async function inOrderUnit<T>(
  ctx: AppContext,
  order: { storeId: string; orderId: string; lines: StockLine[]; number: number | null; inOneStatement: boolean },
  write: (unit: OrderUnit, number: number) => Promise<T>,
): Promise<T> {
  const { db } = ctx;
  const { lines, orderId, number } = order;
  if (number !== null && order.inOneStatement) {
    const writes = new PendingWrites();
    const scope = batchedScope(db, writes);
    inventory.reserveInStatement(scope, lines, { orderId });
    const done = await write({ db, scope, flush: () => writes.run(db) }, number);
    try {
      await writes.run(db);
    } catch (err) {
      if (isRequirementFailure(err)) throw await inventory.refusal(db, lines);
      throw err;
    }
    return done;
  }
  return ctx.transact(async (trx) => {
    const writes = new PendingWrites();
    const scope = batchedScope(trx, writes);
    await inventory.reserve(scope, lines, { orderId });
    const done = await write({ db: trx, scope, flush: () => writes.run(trx) }, number ?? (await storeOrderNumbers.next(trx, order.storeId)));
    await writes.run(trx);
    return done;
  });
}
