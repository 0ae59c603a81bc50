import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildStaleRows } from './frozen/search-rows-026.js';

type Db = Kysely<any>;

/**
 * Search and listings that stay fast with 10,000 products per store (docs/decisions/0014-search.md).
 * - `product_search`: one row per product with its stemmed words by weight (title; SKU, variants
 *   and category; description), written by modules/search. SQLite indexes it with an FTS5 table
 *   (external content, kept in sync by triggers); PostgreSQL with a generated tsvector and GIN.
 *   Triggers mark a product's row stale (`version`) whenever its text, its variants or its
 *   category's name change, whoever writes; the application rebuilds stale rows.
 * - `products.price_from_cents` (the lowest price a shopper pays: price plus the smallest variant
 *   difference, never below 0, kept by triggers) and `products.sort_title` (folded title, written
 *   with the search row) are the sort keys of the storefront; one index per sort serves every list.
 * - `store_product_counts`: products per store and status, kept by triggers in the writer's
 *   transaction, so an unfiltered list's total never counts rows.
 * Existing products are indexed here, store by store.
 */
export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);

  await db.schema
    .alterTable('products')
    .addColumn('price_from_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('sort_title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('product_search')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', 'text', (c) => c.notNull().unique().references('products.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('title_terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('indexed_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Only stale rows are in it: "anything to rebuild in this store?" is one probe.
  await db.schema
    .createIndex('product_search_stale_idx')
    .on('product_search')
    .column('store_id')
    .where(sql.ref('version'), '>', sql.ref('indexed_version'))
    .execute();

  await db.schema
    .createTable('store_product_counts')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_product_counts_pk', ['store_id', 'status'])
    .execute();

  if (pg) {
    // Words are stored already normalised: array_to_tsvector takes them as they are (no parser, no
    // dictionary), so PostgreSQL indexes exactly the words SQLite does.
    await run(`alter table product_search add column document tsvector generated always as (
      setweight(array_to_tsvector(string_to_array(title_terms, ' ')), 'A') ||
      setweight(array_to_tsvector(string_to_array(meta_terms, ' ')), 'B') ||
      setweight(array_to_tsvector(string_to_array(body_terms, ' ')), 'C')) stored`);
    await run(`create index product_search_document_idx on product_search using gin (document)`);
    await run(`create index product_search_store_idx on product_search (store_id)`);
  } else {
    await run(`create virtual table product_fts using fts5(store_id, title_terms, meta_terms, body_terms,
      content='product_search', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`);
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
  }

  // Listing indexes: equality on store (and status), then the sort key, then id (the tie-breaker).
  // PostgreSQL compares text byte by byte ("C") so both engines order alike whatever the locale.
  const text = (col: string) => (pg ? `${col} collate "C"` : col);
  await db.schema.dropIndex('products_store_created_idx').execute();
  await db.schema.dropIndex('products_store_status_idx').execute();
  await run(`create index products_store_created_id_idx on products (store_id, ${text('created_at')}, ${text('id')})`);
  await run(`create index products_store_status_created_idx on products (store_id, status, ${text('created_at')}, ${text('id')})`);
  await run(`create index products_store_status_price_idx on products (store_id, status, price_from_cents, ${text('id')})`);
  await run(`create index products_store_status_title_idx on products (store_id, status, ${text('sort_title')}, ${text('id')})`);

  // Backfill, then the triggers (so the backfill does not fire them).
  const lowest = pg ? 'greatest' : 'max';
  const priceFrom = (p: string) =>
    `${lowest}(0, ${p}.price_cents + coalesce((select min(v.price_delta_cents) from product_variants v where v.product_id = ${p}.id), 0))`;
  await run(`update products set price_from_cents = ${priceFrom('products')}`);
  await run(`insert into store_product_counts (store_id, status, n) select store_id, status, count(*) from products group by store_id, status`);
  await run(`insert into product_search (product_id, store_id, version, indexed_version) select id, store_id, 1, 0 from products`);
  const stores = (await db.selectFrom('products').select('store_id').distinct().execute()) as Array<{ store_id: string }>;
  for (const { store_id: storeId } of stores) await rebuildStaleRows(db, storeId, 'marked');

  if (pg) await postgresTriggers(run, priceFrom);
  else await sqliteTriggers(run, priceFrom);
}

type Run = (text: string) => Promise<unknown>;

async function sqliteTriggers(run: Run, priceFrom: (p: string) => string) {
  const bump = (productId: string) => `update product_search set version = version + 1 where product_id = ${productId};`;
  const recount = (productId: string) => `update products set price_from_cents = ${priceFrom('products')} where id = ${productId};`;
  const plus = (p: string) =>
    `insert into store_product_counts (store_id, status, n) values (${p}.store_id, ${p}.status, 1) on conflict (store_id, status) do update set n = n + 1;`;
  const minus = (p: string) => `update store_product_counts set n = n - 1 where store_id = ${p}.store_id and status = ${p}.status;`;
  await run(`create trigger products_search_insert after insert on products begin
    insert into product_search (product_id, store_id) values (new.id, new.store_id);
    ${recount('new.id')}
    ${plus('new')}
  end`);
  await run(`create trigger products_search_update after update of title, description, sku, category_id on products begin ${bump('new.id')} end`);
  await run(`create trigger products_price_update after update of price_cents on products begin ${recount('new.id')} end`);
  await run(`create trigger products_count_status after update of status on products when old.status <> new.status begin ${minus('old')} ${plus('new')} end`);
  await run(`create trigger products_count_delete after delete on products begin ${minus('old')} end`);
  await run(`create trigger variants_insert after insert on product_variants begin ${bump('new.product_id')} ${recount('new.product_id')} end`);
  await run(
    `create trigger variants_update after update of label, sku, price_delta_cents on product_variants begin ${bump('new.product_id')} ${recount('new.product_id')} end`,
  );
  await run(`create trigger variants_delete after delete on product_variants begin ${bump('old.product_id')} ${recount('old.product_id')} end`);
  await run(`create trigger categories_rename after update of name on categories when old.name <> new.name begin
    update product_search set version = version + 1 where product_id in (select id from products where category_id = new.id);
  end`);
}

async function postgresTriggers(run: Run, priceFrom: (p: string) => string) {
  await run(`create function vetrina_products_written() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into product_search (product_id, store_id) values (new.id, new.store_id);
      insert into store_product_counts (store_id, status, n) values (new.store_id, new.status, 1)
        on conflict (store_id, status) do update set n = store_product_counts.n + 1;
    elsif tg_op = 'DELETE' then
      update store_product_counts set n = n - 1 where store_id = old.store_id and status = old.status;
      return old;
    else
      if (new.title, new.description, new.sku, new.category_id) is distinct from (old.title, old.description, old.sku, old.category_id) then
        update product_search set version = version + 1 where product_id = new.id;
      end if;
      if new.status <> old.status then
        update store_product_counts set n = n - 1 where store_id = old.store_id and status = old.status;
        insert into store_product_counts (store_id, status, n) values (new.store_id, new.status, 1)
          on conflict (store_id, status) do update set n = store_product_counts.n + 1;
      end if;
    end if;
    return new;
  end $$`);
  await run(`create trigger products_written after insert or update or delete on products for each row execute function vetrina_products_written()`);
  await run(`create function vetrina_products_price_from() returns trigger language plpgsql as $$
  begin
    new.price_from_cents := greatest(0, new.price_cents + coalesce((select min(v.price_delta_cents) from product_variants v where v.product_id = new.id), 0));
    return new;
  end $$`);
  await run(
    `create trigger products_price_from before insert or update of price_cents on products for each row execute function vetrina_products_price_from()`,
  );
  await run(`create function vetrina_variants_written() returns trigger language plpgsql as $$
  declare pid text := case when tg_op = 'DELETE' then old.product_id else new.product_id end;
  begin
    update product_search set version = version + 1 where product_id = pid;
    update products set price_from_cents = ${priceFrom('products')} where id = pid;
    return null;
  end $$`);
  await run(
    `create trigger variants_written after insert or update of label, sku, price_delta_cents or delete on product_variants for each row execute function vetrina_variants_written()`,
  );
  await run(`create function vetrina_categories_renamed() returns trigger language plpgsql as $$
  begin
    if new.name <> old.name then
      update product_search set version = version + 1 where product_id in (select id from products where category_id = new.id);
    end if;
    return null;
  end $$`);
  await run(`create trigger categories_renamed after update of name on categories for each row execute function vetrina_categories_renamed()`);
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);
  if (pg) {
    await run(`drop trigger if exists categories_renamed on categories`);
    await run(`drop trigger if exists variants_written on product_variants`);
    await run(`drop trigger if exists products_price_from on products`);
    await run(`drop trigger if exists products_written on products`);
    for (const f of ['vetrina_categories_renamed', 'vetrina_variants_written', 'vetrina_products_price_from', 'vetrina_products_written'])
      await run(`drop function if exists ${f}()`);
  } else {
    for (const t of [
      'categories_rename',
      'variants_delete',
      'variants_update',
      'variants_insert',
      'products_count_delete',
      'products_count_status',
      'products_price_update',
      'products_search_update',
      'products_search_insert',
    ])
      await run(`drop trigger if exists ${t}`);
    await run(`drop table if exists product_fts`);
  }
  for (const name of [
    'products_store_status_title_idx',
    'products_store_status_price_idx',
    'products_store_status_created_idx',
    'products_store_created_id_idx',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex('products_store_created_idx').on('products').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('products_store_status_idx').on('products').columns(['store_id', 'status', 'created_at']).execute();
  await db.schema.dropTable('store_product_counts').execute();
  await db.schema.dropTable('product_search').execute();
  await db.schema.alterTable('products').dropColumn('sort_title').execute();
  await db.schema.alterTable('products').dropColumn('price_from_cents').execute();
}
