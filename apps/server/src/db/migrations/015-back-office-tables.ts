import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * The dashboard's product and order tables, sorted by the server (docs/decisions/0027-back-office-tables.md).
 * - `products.stock_total`: units on hand across the product's sellable units (the list's 'Stock'),
 *   kept by triggers on `inventory` in the writer's transaction, like `in_stock` (migration 007),
 *   so sorting by stock reads an index instead of summing every product's units. Only a change of
 *   `qty` fires them: reservations (every checkout) leave it alone.
 * - One index per sortable column of the whole store (the dashboard lists every status at once):
 *   the store, the key, then what breaks ties, so a page is read off the index in order.
 *   Products by creation already have one (migration 005); orders by number, date, status and
 *   payment too (migrations 001 and 008).
 */
const PRODUCT_INDEXES = (pg: boolean) => {
  const text = (col: string) => (pg ? `${col} collate "C"` : col);
  return {
    products_admin_title_idx: `store_id, ${text('sort_title')}, ${text('id')}`,
    products_admin_price_idx: `store_id, price_cents, ${text('id')}`,
    products_admin_stock_idx: `store_id, stock_total, ${text('id')}`,
    products_admin_status_idx: `store_id, ${text('status')}, ${text('id')}`,
    products_admin_updated_idx: `store_id, ${text('updated_at')}, ${text('id')}`,
  };
};
/** Ties break on the order number (unique in the store), as the orders list always has. */
const ORDER_INDEXES = {
  // Customers sort without regard to case ('anna' beside 'Anna'), as the list compares them.
  orders_admin_customer_idx: 'store_id, lower(customer_name), order_number',
  orders_admin_total_idx: 'store_id, total_cents, order_number',
};

const stockTotal = (productId: string) => `(select coalesce(sum(i.qty), 0) from inventory i where i.product_id = ${productId})`;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);

  await db.schema
    .alterTable('products')
    .addColumn('stock_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await run(`update products set stock_total = ${stockTotal('products.id')}`);
  // Only a real change writes the product row (and its indexes).
  const set = (productId: string) =>
    `update products set stock_total = ${stockTotal(productId)} where id = ${productId} and stock_total <> ${stockTotal(productId)};`;
  if (pg) {
    await run(`create function vetrina_inventory_stock_total() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${set('old.product_id')} end if;
      if tg_op <> 'DELETE' then ${set('new.product_id')} end if;
      return null;
    end $$`);
    await run(
      `create trigger inventory_stock_total after insert or update of qty, product_id or delete on inventory for each row execute function vetrina_inventory_stock_total()`,
    );
  } else {
    await run(`create trigger inventory_total_insert after insert on inventory begin ${set('new.product_id')} end`);
    await run(`create trigger inventory_total_update after update of qty, product_id on inventory begin ${set('old.product_id')} ${set('new.product_id')} end`);
    await run(`create trigger inventory_total_delete after delete on inventory begin ${set('old.product_id')} end`);
  }

  for (const [name, columns] of Object.entries(PRODUCT_INDEXES(pg))) await run(`create index ${name} on products (${columns})`);
  for (const [name, columns] of Object.entries(ORDER_INDEXES)) await run(`create index ${name} on orders (${columns})`);
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);
  for (const name of [...Object.keys(PRODUCT_INDEXES(pg)), ...Object.keys(ORDER_INDEXES)]) await db.schema.dropIndex(name).ifExists().execute();
  if (pg) {
    await run(`drop trigger if exists inventory_stock_total on inventory`);
    await run(`drop function if exists vetrina_inventory_stock_total()`);
  } else {
    for (const t of ['inventory_total_insert', 'inventory_total_update', 'inventory_total_delete']) await run(`drop trigger if exists ${t}`);
  }
  await db.schema.alterTable('products').dropColumn('stock_total').execute();
}
