import { catalogMsg } from '@vetrina/shared';
import { isCheckViolation, type Db } from '../../db/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/**
 * The one stock record of a sellable unit (a variant, or a product without variants):
 * qty on hand and reserved by open orders. Every screen that edits stock goes through here.
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
};
