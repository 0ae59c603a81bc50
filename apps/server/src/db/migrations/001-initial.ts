import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

const THEMES: Array<[string, string, string]> = [
  ['moderno', 'Moderno', 'Hero grande, schede arrotondate con ombre morbide e griglia a 4 colonne.'],
  ['classico', 'Classico', 'Titoli con grazie, intestazione centrata e schede con bordo su 3 colonne.'],
  ['minimal', 'Minimal', 'Tanto spazio bianco, immagini quadrate, tipografia leggera e nessuna ombra.'],
  ['audace', 'Audace', 'Hero a tutta larghezza nel colore principale, testi grandi e schede ampie su 2 colonne.'],
];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('themes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('preview_url', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('logo_url', 'text')
    .addColumn('colors', 'text', (c) => c.notNull())
    .addColumn('theme_id', 'text', (c) => c.references('themes.id').onDelete('set null'))
    .addColumn('next_sku', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('next_order_number', 'integer', (c) => c.notNull().defaultTo(1001))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('active_store_id', 'text', (c) => c.references('stores.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('outbox_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_mails_created_idx').on('outbox_mails').column('created_at').execute();

  await db.schema
    .createTable('store_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('store_members_store_user_uq', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('store_members_user_idx').on('store_members').column('user_id').execute();

  await db.schema
    .createTable('store_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'declined')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One pending invitation per store and e-mail, even under concurrent requests.
  await db.schema
    .createIndex('store_invitations_pending_uq')
    .on('store_invitations')
    .columns(['store_id', 'email'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('store_invitations_email_idx').on('store_invitations').columns(['email', 'status']).execute();

  await db.schema
    .createTable('store_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'responded')`))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_messages_store_idx').on('store_messages').columns(['store_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sender_type', 'text', (c) => c.notNull().check(sql`sender_type in ('customer', 'store')`))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['store_id', 'user_id', 'created_at']).execute();
  await db.schema.createIndex('chat_messages_store_idx').on('chat_messages').columns(['store_id', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('categories_store_slug_uq', ['store_id', 'slug'])
    .execute();
  await db.schema.createIndex('categories_store_name_idx').on('categories').columns(['store_id', 'name']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft', 'active', 'archived')`))
    .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_store_created_idx').on('products').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('products_store_status_idx').on('products').columns(['store_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'status']).execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('price_delta_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['product_id', 'created_at']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'text', (c) => c.references('product_variants.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumb_url', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product_idx').on('product_images').columns(['product_id', 'position']).execute();
  await db.schema.createIndex('product_images_store_idx').on('product_images').column('store_id').execute();

  // SKUs are unique within a store across products and variants: one registry row per SKU.
  await db.schema
    .createTable('store_skus')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'text', (c) => c.references('product_variants.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('store_skus_pk', ['store_id', 'sku'])
    .execute();

  await db.schema
    .createTable('inventory')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'text', (c) => c.references('product_variants.id').onDelete('cascade'))
    .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('inventory_qty_nonneg', sql`qty >= 0 and reserved >= 0 and reserved <= qty`)
    .execute();
  await db.schema.createIndex('inventory_variant_uq').on('inventory').column('variant_id').unique().execute();
  await db.schema.createIndex('inventory_product_unit_uq').on('inventory').column('product_id').unique().where(sql.ref('variant_id'), 'is', null).execute();
  await db.schema.createIndex('inventory_store_product_idx').on('inventory').columns(['store_id', 'product_id']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled')`))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text')
    .addColumn('shipping_street', 'text', (c) => c.notNull())
    .addColumn('shipping_city', 'text', (c) => c.notNull())
    .addColumn('shipping_postal_code', 'text', (c) => c.notNull())
    .addColumn('shipping_country', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_store_number_uq', ['store_id', 'order_number'])
    .addUniqueConstraint('orders_store_idempotency_uq', ['store_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_store_created_idx').on('orders').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('orders_store_status_idx').on('orders').columns(['store_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('variant_id', 'text', (c) => c.references('product_variants.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant_label', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('total_price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  const created = new Date(Date.UTC(2026, 0, 1)).getTime();
  await db
    .insertInto('themes')
    .values(
      THEMES.map(([key, name, description], i) => ({
        id: `theme-${key}`,
        key,
        name,
        description,
        preview_url: null,
        is_active: 1,
        // Ordered creation times: the first active theme (Moderno) is the wizard's default.
        created_at: new Date(created + i * 1000).toISOString(),
      })),
    )
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'order_items',
    'orders',
    'inventory',
    'store_skus',
    'product_images',
    'product_variants',
    'products',
    'categories',
    'chat_messages',
    'store_messages',
    'store_invitations',
    'store_members',
    'outbox_mails',
    'auth_tokens',
    'refresh_tokens',
    'sessions',
    'users',
    'stores',
    'auth_users',
    'themes',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
