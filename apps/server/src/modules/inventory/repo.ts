import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import { catalogMsg } from '@vetrina/shared';
import type { StockReason } from '@vetrina/shared/stock-history';
import { isCheckViolation, type Db, type Dialect } from '../../db/index.js';
import { inList, prepared, preparedInsert, type ReadFrom } from '../../db/prepared.js';
import { batchOf, executorOf, writeIn, type WriteScope } from '../../db/write-scope.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { nextTurn } from '../../lib/limit.js';
import { containsIgnoreCase } from '../../db/like.js';

/** Why a unit's counters change and who made them change: every write here takes one ('Storico'). */
export interface StockSource {
  reason: StockReason;
  /** The team member who did it; none for a shopper or a job. */
  actorId?: string | null;
  orderId?: string | null;
}

/** A unit as a write left it (RETURNING), to record the change. */
export interface UnitAfter {
  id: string;
  store_id: string;
  product_id: string;
  variant_id: string | null;
  qty: number;
  reserved: number;
}
const AFTER = ['id', 'store_id', 'product_id', 'variant_id', 'qty', 'reserved'] as const;

/** The checkout's reservation, compiled once (it runs for every line of every order). */
const reserveUnits = prepared((db: Db, a: { inventoryId: string; quantity: number }) =>
  db
    .updateTable('inventory')
    .set((eb) => ({ reserved: eb('reserved', '+', a.quantity) }))
    .where('id', '=', a.inventoryId)
    .where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', a.quantity))
    .returning(AFTER),
);

const countersRows = prepared((db: Db, a: { ids: readonly string[] }) =>
  db
    .selectFrom('inventory')
    .select(['id', 'qty', 'reserved'])
    .where(inList(db, 'id', a.ids)),
);

const insertMovement = preparedInsert('stock_movements', [
  'store_id',
  'inventory_id',
  'product_id',
  'variant_id',
  'qty_change',
  'reserved_change',
  'qty_after',
  'reserved_after',
  'reason',
  'order_id',
  'actor_user_id',
  'created_at',
]);

/**
 * Writes the history of changes already made in this transaction: up to eight rows per compiled
 * statement for an order's lines, 500 rows per statement for an import.
 */
export async function recordMovements(
  scope: WriteScope,
  moves: ReadonlyArray<{ unit: UnitAfter; qty: number; reserved: number }>,
  source: StockSource,
): Promise<void> {
  const trx = executorOf(scope);
  const at = clock.iso();
  const rows = moves.map(({ unit, qty, reserved }) => ({
    store_id: unit.store_id,
    inventory_id: unit.id,
    product_id: unit.product_id,
    variant_id: unit.variant_id,
    qty_change: qty,
    reserved_change: reserved,
    qty_after: unit.qty,
    reserved_after: unit.reserved,
    reason: source.reason,
    order_id: source.orderId ?? null,
    actor_user_id: source.actorId ?? null,
    created_at: at,
  }));
  // An order's lines: compiled statements, one per eight rows (the checkout's hot path).
  if (rows.length <= 24) {
    await writeIn(scope, insertMovement.compile(trx, rows));
    return;
  }
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('stock_movements')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * The only SQL that writes `inventory` (docs/decisions/0015-inventory-module.md). The stock record of a
 * sellable unit (a variant, or a product without variants): qty on hand and reserved by open
 * orders. The catalogue creates and edits units through ./service.ts (`stockUnits`), and orders
 * move their counters through it too: the service holds the rules.
 */
const unitRows = prepared((db: Db, a: { ids: readonly string[] }) =>
  db
    .selectFrom('inventory')
    .select(['id', 'store_id', 'product_id', 'variant_id'])
    .where(inList(db, 'product_id', a.ids)),
);

export const inventoryUnits = {
  async create(trx: Db, unit: { storeId: string; productId: string; variantId: string | null; qty: number }, source: StockSource): Promise<string> {
    const row = { id: newId(), store_id: unit.storeId, product_id: unit.productId, variant_id: unit.variantId, qty: unit.qty, reserved: 0 };
    await trx.insertInto('inventory').values(row).execute();
    await recordMovements(trx, [{ unit: row, qty: unit.qty, reserved: 0 }], source);
    return row.id;
  },

  /** Stock records of many new sellable units at once (the CSV import's new products and variants). */
  async createMany(
    trx: Db,
    units: ReadonlyArray<{ storeId: string; productId: string; variantId: string | null; qty: number }>,
    source: StockSource,
  ): Promise<void> {
    for (let i = 0; i < units.length; i += 500) {
      const rows = units
        .slice(i, i + 500)
        .map((u) => ({ id: newId(), store_id: u.storeId, product_id: u.productId, variant_id: u.variantId, qty: u.qty, reserved: 0 }));
      await trx.insertInto('inventory').values(rows).execute();
      await recordMovements(
        trx,
        rows.map((unit) => ({ unit, qty: unit.qty, reserved: 0 })),
        source,
      );
      // Thousands of units (an import): other requests get a turn between statements.
      if (i + 500 < units.length) await nextTurn();
    }
  },

  /**
   * Sets the quantity on hand in one conditional update: never below what open orders hold. The
   * unit is read (and on PostgreSQL locked) first only to record the difference; an unchanged
   * quantity writes nothing.
   */
  async setQty(trx: Db, storeId: string, inventoryId: string, qty: number, source: StockSource): Promise<void> {
    let read = trx.selectFrom('inventory').select(AFTER).where('id', '=', inventoryId).where('store_id', '=', storeId);
    // SQLite has one writer at a time; PostgreSQL must keep a concurrent order from moving qty between the read and the write.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
    const before = await read.executeTakeFirst();
    if (!before) throw notFound(catalogMsg.inventoryNotFound);
    if (before.qty === qty) return;
    let updated: bigint;
    try {
      const res = await trx
        .updateTable('inventory')
        .set({ qty })
        .where('id', '=', inventoryId)
        .where('store_id', '=', storeId)
        .where('reserved', '<=', qty)
        .executeTakeFirst();
      updated = res.numUpdatedRows;
    } catch (err) {
      if (isCheckViolation(err)) throw conflict(catalogMsg.qtyInvalid, { field: 'qty' });
      throw err;
    }
    if (Number(updated) !== 1) throw conflict(catalogMsg.belowReserved(before.reserved), { field: 'stock' });
    await recordMovements(trx, [{ unit: { ...before, qty }, qty: qty - before.qty, reserved: 0 }], source);
  },

  /** The product's own unit (absent once the product has variants). */
  productUnit(db: Db, productId: string) {
    return db.selectFrom('inventory').select(['id', 'qty', 'reserved']).where('product_id', '=', productId).where('variant_id', 'is', null).executeTakeFirst();
  },

  /** The first variant takes over from the product's own unit, which must not be holding reservations. */
  async retireProductUnit(trx: Db, productId: string): Promise<void> {
    await trx.deleteFrom('inventory').where('product_id', '=', productId).where('variant_id', 'is', null).where('reserved', '=', 0).execute();
    if (await inventoryUnits.productUnit(trx, productId)) throw conflict(catalogMsg.reservedBlocksVariants);
  },

  /**
   * An archived variant is no longer a sellable unit: its stock record goes, as a deleted product's
   * would (its open orders then move no stock for it), while the variant row stays for its orders.
   */
  async retireVariantUnit(trx: Db, variantId: string): Promise<void> {
    await trx.deleteFrom('inventory').where('variant_id', '=', variantId).execute();
  },

  /** Without variants the product is sellable again on its own, starting from 0 units. */
  async restoreProductUnit(trx: Db, storeId: string, productId: string, source: StockSource): Promise<void> {
    const left = await trx
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', productId)
      .where('archived_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (left || (await inventoryUnits.productUnit(trx, productId))) return;
    await inventoryUnits.create(trx, { storeId, productId, variantId: null, qty: 0 }, source);
  },

  /** Takes `quantity` units for an order when that many are free (qty - reserved): the unit after, or undefined. */
  reserve(scope: WriteScope, inventoryId: string, quantity: number): Promise<UnitAfter | undefined> {
    return reserveUnits.first(executorOf(scope), { inventoryId, quantity });
  },

  /**
   * PostgreSQL: the reservation of every line as a part of one statement (the scope's batch:
   * `PendingWrites.first`, read there as `stock`): the units are locked in the order of their ids,
   * as `reserve` takes them one by one, and each takes its quantity only when that many are free.
   * Its history rows are written from what it returns, in the same statement; `requirement` holds
   * when every line got its units. The lines must name distinct units.
   */
  reserveInStatement(scope: WriteScope, lines: ReadonlyArray<{ inventoryId: string; quantity: number }>, source: StockSource): void {
    const db = executorOf(scope);
    const later = batchOf(scope);
    const ids = lines.map((l) => l.inventoryId);
    const quantities = lines.map((l) => String(l.quantity));
    const reserve = sql`update inventory i set reserved = i.reserved + l.q
      from unnest(${ids}::text[], ${quantities}::int[]) as l(id, q)
      where i.id = l.id and i.qty - i.reserved >= l.q
        and i.id in (select u.id from inventory u where u.id = any(${ids}::text[]) order by u.id collate "C" for update)
      returning i.id, i.store_id, i.product_id, i.variant_id, i.qty, i.reserved, l.q`;
    const history = sql`insert into stock_movements
        (store_id, inventory_id, product_id, variant_id, qty_change, reserved_change, qty_after, reserved_after, reason, order_id, actor_user_id, created_at)
      select s.store_id, s.id, s.product_id, s.variant_id, 0, s.q, s.qty, s.reserved, ${source.reason}, ${source.orderId ?? null}, ${source.actorId ?? null}, ${clock.iso()}
      from stock s`;
    later.first('stock', reserve.compile(db), sql`(select count(*) from stock) = ${lines.length}`.compile(db), 'every line in stock');
    later.add(history.compile(db));
  },

  /** The units' counters now (an order's refusal names the first line that is short). */
  countersOf(db: Db, ids: readonly string[]) {
    return countersRows.all(db, { ids });
  },

  /**
   * Moves a unit's counters by the given differences in one statement. `needFree`: the move takes
   * units again and must find that many free (else undefined). A check constraint refuses negative counters.
   */
  move(trx: Db, inventoryId: string, d: { qty: number; reserved: number; needFree: number }): Promise<UnitAfter | undefined> {
    let upd = trx
      .updateTable('inventory')
      .set((eb) => ({ qty: eb('qty', '+', d.qty), reserved: eb('reserved', '+', d.reserved) }))
      .where('id', '=', inventoryId);
    if (d.needFree > 0) upd = upd.where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', d.needFree));
    return upd.returning(AFTER).executeTakeFirst();
  },

  /** The units of a store's products (and their variants), for pricing and stock moves. */
  async unitsOf(db: ReadFrom, storeId: string, productIds: string[]) {
    // By product only (the store is checked on the rows): compiled once, the ids one bound list.
    return (await unitRows.all(db, { ids: productIds })).filter((u) => u.store_id === storeId);
  },
};

/**
 * "Available = qty − reserved" as SQL, over a table alias of `inventory`: the one spelling of the
 * rule for queries (in memory: `availableUnits`, ./service.ts).
 */
export const availableUnitsSql = (alias: string) => sql<number>`${sql.ref(`${alias}.qty`)} - ${sql.ref(`${alias}.reserved`)}`;

/** Units a shopper can still buy, as SQL over the alias `inv` (never below zero). */
export function availableSql(dialect: Dialect) {
  // SQLite's max(a, b) is PostgreSQL's greatest(a, b).
  return dialect === 'postgres' ? sql<number>`greatest(${availableUnitsSql('inv')}, 0)` : sql<number>`max(${availableUnitsSql('inv')}, 0)`;
}

/** The inventory page's rows: one per sellable unit, with its product and variant. */
const pageRowsOf = (db: Db, storeId: string) =>
  db
    .selectFrom('inventory as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('product_variants as v', 'v.id', 'i.variant_id')
    .where('i.store_id', '=', storeId);

const PAGE_COLUMNS = [
  'i.id',
  'i.product_id',
  'i.variant_id',
  'i.qty',
  'i.reserved',
  'p.title',
  'p.sku as product_sku',
  'v.label',
  'v.sku as variant_sku',
] as const;

export interface InventoryPageRow {
  id: string;
  product_id: string;
  variant_id: string | null;
  qty: number;
  reserved: number;
  title: string;
  product_sku: string;
  label: string | null;
  variant_sku: string | null;
}

/** The reads of the inventory page and of a unit's history ('Storico'). */
export function inventoryRepo(db: Db) {
  return {
    /** A page of units, newest products first, matching `q` (title, variant label, SKUs) when given, with the matching count. */
    async page(storeId: string, f: { q: string; limit: number; offset: number }) {
      let q = pageRowsOf(db, storeId);
      if (f.q) {
        const like = (column: string) => containsIgnoreCase(column, f.q) as RawBuilder<SqlBool>;
        q = q.where((eb) => eb.or([like('p.title'), like('v.label'), like('p.sku'), like('v.sku')]));
      }
      const [count, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        q
          .select(PAGE_COLUMNS)
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .orderBy('v.created_at')
          .orderBy('i.id')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
      ]);
      return { rows: rows satisfies InventoryPageRow[], count: Number(count?.n ?? 0) };
    },

    /** The store's units on hand and reserved, all units together. */
    async totals(storeId: string) {
      const sums = await db
        .selectFrom('inventory')
        .select((eb) => [eb.fn.sum<number>('qty').as('qty'), eb.fn.sum<number>('reserved').as('reserved')])
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return { qty: Number(sums?.qty ?? 0), reserved: Number(sums?.reserved ?? 0) };
    },

    /** One unit of the store as the inventory page shows it. */
    async pageRow(storeId: string, inventoryId: string): Promise<InventoryPageRow | undefined> {
      return pageRowsOf(db, storeId).select(PAGE_COLUMNS).where('i.id', '=', inventoryId).executeTakeFirst();
    },

    /** Thumbnails of a page of units: variants' own images and products' covers. */
    async thumbs(productIds: string[], variantIds: string[]) {
      if (!productIds.length) return [];
      return db
        .selectFrom('product_images')
        .select(['product_id', 'variant_id', 'thumb_url'])
        .where((eb) =>
          eb.or([
            eb.and([eb('product_id', 'in', productIds), eb('variant_id', 'is', null), eb('position', '=', 0)]),
            ...(variantIds.length ? [eb('variant_id', 'in', variantIds)] : []),
          ]),
        )
        .execute();
    },

    /** Whether the unit is the store's. */
    async isStoreUnit(storeId: string, inventoryId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('inventory').select('id').where('id', '=', inventoryId).where('store_id', '=', storeId).executeTakeFirst());
    },

    /** A page of one unit's movements, newest first, with the order's number and the member's e-mail, and their count. */
    async movements(storeId: string, inventoryId: string, f: { limit: number; offset: number }) {
      const movements = db.selectFrom('stock_movements as m').where('m.inventory_id', '=', inventoryId).where('m.store_id', '=', storeId);
      const [count, rows] = await Promise.all([
        movements.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        movements
          .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'm.order_id').onRef('o.store_id', '=', 'm.store_id'))
          .leftJoin('users as u', 'u.id', 'm.actor_user_id')
          .select([
            'm.id',
            'm.created_at',
            'm.reason',
            'm.qty_change',
            'm.reserved_change',
            'm.qty_after',
            'm.reserved_after',
            'm.order_id',
            'o.order_number',
            'u.email as actor_email',
          ])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
      ]);
      return { rows, count: Number(count?.n ?? 0) };
    },
  };
}
export type InventoryRepo = ReturnType<typeof inventoryRepo>;
