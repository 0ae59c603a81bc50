import { sql } from 'kysely';
import { catalogMsg } from '@vetrina/shared';
import { isCheckViolation, type Db, type Dialect } from '../../db/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/**
 * The only SQL that writes `inventory` (docs/decisions/inventory-module.md). The stock record of a
 * sellable unit (a variant, or a product without variants): qty on hand and reserved by open
 * orders. The catalogue creates and edits units here; orders move their counters through
 * ./service.ts, which holds the rules.
 */
export const inventoryUnits = {
  async create(trx: Db, unit: { storeId: string; productId: string; variantId: string | null; qty: number }): Promise<string> {
    const id = newId();
    await trx
      .insertInto('inventory')
      .values({ id, store_id: unit.storeId, product_id: unit.productId, variant_id: unit.variantId, qty: unit.qty, reserved: 0 })
      .execute();
    return id;
  },

  /** Stock records of many new sellable units at once (the CSV import's new products and variants). */
  async createMany(trx: Db, units: ReadonlyArray<{ storeId: string; productId: string; variantId: string | null; qty: number }>): Promise<void> {
    for (let i = 0; i < units.length; i += 500) {
      const chunk = units.slice(i, i + 500);
      await trx
        .insertInto('inventory')
        .values(chunk.map((u) => ({ id: newId(), store_id: u.storeId, product_id: u.productId, variant_id: u.variantId, qty: u.qty, reserved: 0 })))
        .execute();
    }
  },

  /**
   * Sets the quantity on hand in one conditional update: never below what open orders hold
   * (no read-compute-write, so a reservation landing meanwhile cannot be overwritten).
   */
  async setQty(trx: Db, storeId: string, inventoryId: string, qty: number): Promise<void> {
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
    if (Number(updated) === 1) return;
    const row = await trx.selectFrom('inventory').select('reserved').where('id', '=', inventoryId).where('store_id', '=', storeId).executeTakeFirst();
    if (!row) throw notFound(catalogMsg.inventoryNotFound);
    throw conflict(catalogMsg.belowReserved(row.reserved), { field: 'stock' });
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

  /** Without variants the product is sellable again on its own, starting from 0 units. */
  async restoreProductUnit(trx: Db, storeId: string, productId: string): Promise<void> {
    const left = await trx.selectFrom('product_variants').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst();
    if (left || (await inventoryUnits.productUnit(trx, productId))) return;
    await inventoryUnits.create(trx, { storeId, productId, variantId: null, qty: 0 });
  },

  /** Takes `quantity` units for an order when that many are free (qty - reserved); false otherwise. */
  async reserve(trx: Db, inventoryId: string, quantity: number): Promise<boolean> {
    const r = await trx
      .updateTable('inventory')
      .set((eb) => ({ reserved: eb('reserved', '+', quantity) }))
      .where('id', '=', inventoryId)
      .where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', quantity))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Moves a unit's counters by the given differences in one statement. `needFree`: the move takes
   * units again and must find that many free. A check constraint refuses negative counters.
   */
  async move(trx: Db, inventoryId: string, d: { qty: number; reserved: number; needFree: number }): Promise<boolean> {
    let upd = trx
      .updateTable('inventory')
      .set((eb) => ({ qty: eb('qty', '+', d.qty), reserved: eb('reserved', '+', d.reserved) }))
      .where('id', '=', inventoryId);
    if (d.needFree > 0) upd = upd.where((eb) => eb(eb('qty', '-', eb.ref('reserved')), '>=', d.needFree));
    const r = await upd.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The units of a store's products (and their variants), for pricing and stock moves. */
  unitsOf(db: Db, storeId: string, productIds: string[]) {
    return db
      .selectFrom('inventory')
      .select(['id', 'product_id', 'variant_id'])
      .where('store_id', '=', storeId)
      .where('product_id', 'in', productIds)
      .execute();
  },
};

/** Units a shopper can still buy, as SQL over the alias `inv` (never below zero). */
export function availableSql(dialect: Dialect) {
  // SQLite's max(a, b) is PostgreSQL's greatest(a, b).
  return dialect === 'postgres' ? sql<number>`greatest(inv.qty - inv.reserved, 0)` : sql<number>`max(inv.qty - inv.reserved, 0)`;
}
