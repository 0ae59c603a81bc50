import { sql } from 'kysely';
import type { Db } from '../../../db/index.js';

const orderColumns = ['id', 'store_id', 'order_number', 'status', 'customer_name', 'customer_email', 'payment_method', 'public_token', 'created_at'] as const;

/** The withdrawal form's reads: the order it names, its lines, its delivery, the store's return settings. */
export function withdrawalRepo(db: Db) {
  return {
    /** The order behind the order page's token, in the store. */
    orderByToken(storeId: string, token: string) {
      return db.selectFrom('orders').select(orderColumns).where('store_id', '=', storeId).where('public_token', '=', token).executeTakeFirst();
    },

    /**
     * The order by its number and e-mail (the footer form): the address compared in canonical form
     * (older orders without the key by their address, case aside).
     */
    orderByNumber(storeId: string, orderNumber: number, emailKey: string, email: string) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .where('store_id', '=', storeId)
        .where('order_number', '=', orderNumber)
        .where((eb) =>
          eb.or([
            eb('customer_email_key', '=', emailKey),
            eb.and([eb('customer_email_key', 'is', null), eb(sql<string>`lower(customer_email)`, '=', email.toLowerCase())]),
          ]),
        )
        .executeTakeFirst();
    },

    /** The order's lines with the exclusion of their product (null: none, or the product is gone). */
    lines(orderId: string) {
      return db
        .selectFrom('order_items as i')
        .leftJoin('products as p', 'p.id', 'i.product_id')
        .select(['i.id', 'i.title', 'i.variant_label', 'i.quantity', 'p.withdrawal_exclusion'])
        .where('i.order_id', '=', orderId)
        .orderBy('i.title')
        .orderBy('i.id')
        .execute();
    },

    /** When the order was marked 'Consegnato' (null: not yet). */
    async deliveredAt(orderId: string): Promise<string | null> {
      const row = await db.selectFrom('order_shipments').select('delivered_at').where('order_id', '=', orderId).executeTakeFirst();
      return row?.delivered_at ?? null;
    },

    /** True when the form's key was already used in the store (a replayed confirmation). */
    async requestKeyUsed(storeId: string, key: string): Promise<boolean> {
      const row = await db.selectFrom('returns').select('id').where('store_id', '=', storeId).where('request_key', '=', key).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type WithdrawalRepo = ReturnType<typeof withdrawalRepo>;
