import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * `orders.shipping_province`: the 'Provincia' sigla ('MI') typed at checkout for Italy
 * (docs/decisions/0045-italian-practice.md). Null abroad and on the orders placed before it was asked.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipping_province', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipping_province').execute();
}
