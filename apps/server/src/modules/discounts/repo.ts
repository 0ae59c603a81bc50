import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DiscountCodesTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** The only SQL of discount codes: the dashboard's list and edits, and their use by orders. */
export function discountsRepo(db: Db) {
  return {
    /** A store's code by its (uppercase) text. */
    byCode(storeId: string, code: string, trx: Db = db) {
      return trx.selectFrom('discount_codes').selectAll().where('store_id', '=', storeId).where('code', '=', code).executeTakeFirst();
    },

    /**
     * Counts one use, only while uses are left: a conditional update, so that of N concurrent
     * orders for the last use exactly one gets it (PostgreSQL also keeps the row locked until the
     * order commits, which serialises the per-e-mail count below).
     */
    async claimUse(trx: Db, discountId: string): Promise<boolean> {
      const res = await trx
        .updateTable('discount_codes')
        .set({ uses: sql`uses + 1` })
        .where('id', '=', discountId)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async perEmailLimit(trx: Db, discountId: string): Promise<number | null> {
      const row = await trx.selectFrom('discount_codes').select('max_uses_per_email').where('id', '=', discountId).executeTakeFirst();
      return row?.max_uses_per_email ?? null;
    },

    async usesBy(trx: Db, discountId: string, email: string): Promise<number> {
      const row = await trx
        .selectFrom('discount_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('discount_id', '=', discountId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async recordUse(trx: Db, use: { discountId: string; orderId: string; email: string; at: string }) {
      await trx
        .insertInto('discount_redemptions')
        .values({ id: newId(), discount_id: use.discountId, order_id: use.orderId, email: use.email, created_at: use.at })
        .execute();
    },

    // The dashboard's 'Codici sconto': every query filters by the store, so another store's id is "not found".

    /** Newest first, bounded by DISCOUNT_LIMITS.codesPerStore. */
    listByStore(storeId: string, limit: number) {
      return db.selectFrom('discount_codes').selectAll().where('store_id', '=', storeId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    async countByStore(storeId: string): Promise<number> {
      const row = await db
        .selectFrom('discount_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    byId(storeId: string, discountId: string) {
      return db.selectFrom('discount_codes').selectAll().where('store_id', '=', storeId).where('id', '=', discountId).executeTakeFirst();
    },

    async insert(row: Insertable<DiscountCodesTable>): Promise<void> {
      await db.insertInto('discount_codes').values(row).execute();
    },

    /** Changes the terms, never `uses` (orders raise it); false when the store has no such code. */
    async update(
      storeId: string,
      discountId: string,
      changes: Omit<Updateable<DiscountCodesTable>, 'id' | 'store_id' | 'uses' | 'created_at'>,
    ): Promise<boolean> {
      const res = await db.updateTable('discount_codes').set(changes).where('store_id', '=', storeId).where('id', '=', discountId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Its redemptions go with it (foreign key cascade); orders keep their own copy of the discount. */
    async remove(storeId: string, discountId: string): Promise<boolean> {
      const res = await db.deleteFrom('discount_codes').where('store_id', '=', storeId).where('id', '=', discountId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}
