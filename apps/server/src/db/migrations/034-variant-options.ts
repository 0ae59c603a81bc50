import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Variants by options (docs/decisions/0042-variants-by-options.md):
 * - `products.variant_options`: JSON [{ name, values[] }], the options whose combinations are the variants.
 * - `product_variants.archived_at`: a variant removed from the options while orders still name it is
 *   archived, not deleted: not sold, not shown, not counted, but old orders keep it.
 * The price-from triggers (migration 005) are redefined so that archived variants do not count.
 */
export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('variant_options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('product_variants').addColumn('archived_at', 'text').execute();
  await triggers(run, pg, 'v.archived_at is null and ');
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = (text: string) => sql.raw(text).execute(db);
  await triggers(run, pg, '');
  await db.schema.alterTable('product_variants').dropColumn('archived_at').execute();
  await db.schema.alterTable('products').dropColumn('variant_options').execute();
}

async function triggers(run: (text: string) => Promise<unknown>, pg: boolean, live: string) {
  const lowest = pg ? 'greatest' : 'max';
  const priceFrom = (p: string) =>
    `${lowest}(0, ${p}.price_cents + coalesce((select min(v.price_delta_cents) from product_variants v where ${live}v.product_id = ${p}.id), 0))`;
  const watched = live ? 'label, sku, price_delta_cents, archived_at' : 'label, sku, price_delta_cents';
  if (pg) {
    await run(`create or replace function vetrina_products_price_from() returns trigger language plpgsql as $$
  begin
    new.price_from_cents := ${priceFrom('new')};
    return new;
  end $$`);
    await run(`create or replace function vetrina_variants_written() returns trigger language plpgsql as $$
  declare pid text := case when tg_op = 'DELETE' then old.product_id else new.product_id end;
  begin
    update product_search set version = version + 1 where product_id = pid;
    update products set price_from_cents = ${priceFrom('products')} where id = pid;
    return null;
  end $$`);
    await run(`drop trigger if exists variants_written on product_variants`);
    await run(
      `create trigger variants_written after insert or update of ${watched} or delete on product_variants for each row execute function vetrina_variants_written()`,
    );
    return;
  }
  const bump = (productId: string) => `update product_search set version = version + 1 where product_id = ${productId};`;
  const recount = (productId: string) => `update products set price_from_cents = ${priceFrom('products')} where id = ${productId};`;
  for (const t of ['products_search_insert', 'products_price_update', 'variants_insert', 'variants_update', 'variants_delete'])
    await run(`drop trigger if exists ${t}`);
  await run(`create trigger products_search_insert after insert on products begin
    insert into product_search (product_id, store_id) values (new.id, new.store_id);
    ${recount('new.id')}
    insert into store_product_counts (store_id, status, n) values (new.store_id, new.status, 1) on conflict (store_id, status) do update set n = n + 1;
  end`);
  await run(`create trigger products_price_update after update of price_cents on products begin ${recount('new.id')} end`);
  await run(`create trigger variants_insert after insert on product_variants begin ${bump('new.product_id')} ${recount('new.product_id')} end`);
  await run(`create trigger variants_update after update of ${watched} on product_variants begin ${bump('new.product_id')} ${recount('new.product_id')} end`);
  await run(`create trigger variants_delete after delete on product_variants begin ${bump('old.product_id')} ${recount('old.product_id')} end`);
}
