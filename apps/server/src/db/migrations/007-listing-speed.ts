import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Listings and searches that cost well under a millisecond of database time on a 10,000-product
 * store (docs/decisions/0014-search.md, "Making every list cheap").
 * - `products.in_stock`: 1 when a unit of the product has qty > reserved (the 'Solo disponibili'
 *   rule), kept by triggers on `inventory` in the writer's transaction, so the filter is a column
 *   read from an index instead of an EXISTS per product.
 * - One covering index per storefront order, with and without the category in front: the store's
 *   active products in sort order, carrying every filter column (availability, price, category),
 *   so a page, a deep offset and a capped count read the index only, never the table or a sort.
 *   They replace the three (store, status, key, id) indexes of migration 005, which are prefixes.
 * - SQLite: the FTS5 table is rebuilt with '-' as part of a word, so a store's id (a UUID) is one
 *   token and "this store's rows" is one posting list instead of a five-token phrase. Search words
 *   never contain '-' (the normaliser splits on it), so they are indexed exactly as before.
 */
const LIST_INDEXES = (pg: boolean) => {
  const text = (col: string) => (pg ? `${col} collate "C"` : col);
  return {
    products_list_created_idx: `store_id, status, ${text('created_at')}, ${text('id')}, in_stock, price_from_cents, category_id`,
    products_list_price_idx: `store_id, status, price_from_cents, ${text('id')}, in_stock, category_id`,
    products_list_title_idx: `store_id, status, ${text('sort_title')}, ${text('id')}, in_stock, price_from_cents, category_id`,
    products_list_category_created_idx: `store_id, status, category_id, ${text('created_at')}, ${text('id')}, in_stock, price_from_cents`,
    products_list_category_price_idx: `store_id, status, category_id, price_from_cents, ${text('id')}, in_stock`,
    products_list_category_title_idx: `store_id, status, category_id, ${text('sort_title')}, ${text('id')}, in_stock, price_from_cents`,
  };
};
const OLD_INDEXES = (pg: boolean) => {
  const text = (col: string) => (pg ? `${col} collate "C"` : col);
  return {
    products_store_status_created_idx: `store_id, status, ${text('created_at')}, ${text('id')}`,
    products_store_status_price_idx: `store_id, status, price_from_cents, ${text('id')}`,
    products_store_status_title_idx: `store_id, status, ${text('sort_title')}, ${text('id')}`,
  };
};

const inStock = (productId: string) =>
  `(case when exists (select 1 from inventory i where i.product_id = ${productId} and i.qty > i.reserved) then 1 else 0 end)`;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);

  await db.schema
    .alterTable('products')
    .addColumn('in_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await run(`update products set in_stock = ${inStock('products.id')}`);
  // Only a real change writes the product row (and its indexes): a sale that leaves stock does not.
  const set = (productId: string) => `update products set in_stock = ${inStock(productId)} where id = ${productId} and in_stock <> ${inStock(productId)};`;
  if (pg) {
    await run(`create function vetrina_inventory_written() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${set('old.product_id')} end if;
      if tg_op <> 'DELETE' then ${set('new.product_id')} end if;
      return null;
    end $$`);
    await run(
      `create trigger inventory_written after insert or update of qty, reserved, product_id or delete on inventory for each row execute function vetrina_inventory_written()`,
    );
  } else {
    await run(`create trigger inventory_stock_insert after insert on inventory begin ${set('new.product_id')} end`);
    await run(
      `create trigger inventory_stock_update after update of qty, reserved, product_id on inventory begin ${set('old.product_id')} ${set('new.product_id')} end`,
    );
    await run(`create trigger inventory_stock_delete after delete on inventory begin ${set('old.product_id')} end`);
  }

  for (const name of Object.keys(OLD_INDEXES(pg))) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, columns] of Object.entries(LIST_INDEXES(pg))) await run(`create index ${name} on products (${columns})`);

  if (!pg) await rebuildFts(run, `tokenize="unicode61 remove_diacritics 2 tokenchars '-'"`);
}

type Run = (text: string) => Promise<unknown>;

/** Recreates the FTS5 table over product_search with a tokenizer, its sync triggers, and its content. */
async function rebuildFts(run: Run, tokenize: string) {
  for (const t of ['product_search_fts_insert', 'product_search_fts_delete', 'product_search_fts_update']) await run(`drop trigger if exists ${t}`);
  await run(`drop table if exists product_fts`);
  await run(`create virtual table product_fts using fts5(store_id, title_terms, meta_terms, body_terms,
    content='product_search', content_rowid='id', ${tokenize}, prefix='2 3')`);
  await run(`create trigger product_search_fts_insert after insert on product_search begin
    insert into product_fts (rowid, store_id, title_terms, meta_terms, body_terms) values (new.id, new.store_id, new.title_terms, new.meta_terms, new.body_terms);
  end`);
  await run(`create trigger product_search_fts_delete after delete on product_search begin
    insert into product_fts (product_fts, rowid, store_id, title_terms, meta_terms, body_terms) values ('delete', old.id, old.store_id, old.title_terms, old.meta_terms, old.body_terms);
  end`);
  await run(`create trigger product_search_fts_update after update of title_terms, meta_terms, body_terms on product_search begin
    insert into product_fts (product_fts, rowid, store_id, title_terms, meta_terms, body_terms) values ('delete', old.id, old.store_id, old.title_terms, old.meta_terms, old.body_terms);
    insert into product_fts (rowid, store_id, title_terms, meta_terms, body_terms) values (new.id, new.store_id, new.title_terms, new.meta_terms, new.body_terms);
  end`);
  await run(`insert into product_fts (product_fts) values ('rebuild')`);
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);
  if (pg) {
    await run(`drop trigger if exists inventory_written on inventory`);
    await run(`drop function if exists vetrina_inventory_written()`);
  } else {
    for (const t of ['inventory_stock_insert', 'inventory_stock_update', 'inventory_stock_delete']) await run(`drop trigger if exists ${t}`);
    await rebuildFts(run, `tokenize='unicode61 remove_diacritics 2'`);
  }
  for (const name of Object.keys(LIST_INDEXES(pg))) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, columns] of Object.entries(OLD_INDEXES(pg))) await run(`create index ${name} on products (${columns})`);
  await db.schema.alterTable('products').dropColumn('in_stock').execute();
}
