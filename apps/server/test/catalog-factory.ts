import type { DiscountCodeData, VatCode } from '@vetrina/shared';
import { randomUUID } from 'node:crypto';
import { productSlugFromTitle } from '@vetrina/shared';
import type { TestServer } from './harness.js';

/**
 * Factory: a product inserted straight into the catalogue tables (one inventory row per sellable
 * unit), for tests of the storefront and orders that must not depend on the catalogue API.
 */
export async function insertProduct(
  server: TestServer,
  storeId: string,
  opts: {
    title?: string;
    /** Default: the title's slug plus a piece of the id, so any number of same-titled products fit one store. */
    slug?: string;
    priceCents?: number;
    status?: 'draft' | 'active' | 'archived';
    stock?: number;
    categoryId?: string | null;
    variants?: Array<{ label: string; deltaCents?: number; stock: number }>;
    /** The product's own VAT code (null: the store's). */
    vatCode?: VatCode | null;
  } = {},
) {
  const { db } = server.ctx;
  const id = randomUUID();
  const now = nextCreatedAt();
  const sku = `T-${id.slice(0, 8)}`;
  const title = opts.title ?? 'Prodotto di prova';
  const slug = opts.slug ?? `${productSlugFromTitle(title)}-${id.slice(0, 8)}`;
  const variantIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values({
        id,
        store_id: storeId,
        title,
        slug,
        description: 'Descrizione',
        price_cents: opts.priceCents ?? 1000,
        sku,
        category_id: opts.categoryId ?? null,
        status: opts.status ?? 'active',
        vat_code: opts.vatCode ?? null,
        image_urls: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto('store_skus').values({ store_id: storeId, sku, product_id: id, variant_id: null }).execute();
    if (!opts.variants) {
      await trx
        .insertInto('inventory')
        .values({ id: randomUUID(), store_id: storeId, product_id: id, variant_id: null, qty: opts.stock ?? 10, reserved: 0 })
        .execute();
      return;
    }
    for (const [i, v] of opts.variants.entries()) {
      const vid = randomUUID();
      variantIds.push(vid);
      await trx
        .insertInto('product_variants')
        .values({
          id: vid,
          store_id: storeId,
          product_id: id,
          label: v.label,
          sku: `${sku}-${i}`,
          price_delta_cents: v.deltaCents ?? 0,
          attributes: '{}',
          image_url: null,
          created_at: new Date(Date.now() + i).toISOString(),
        })
        .execute();
      await trx
        .insertInto('store_skus')
        .values({ store_id: storeId, sku: `${sku}-${i}`, product_id: id, variant_id: vid })
        .execute();
      await trx.insertInto('inventory').values({ id: randomUUID(), store_id: storeId, product_id: id, variant_id: vid, qty: v.stock, reserved: 0 }).execute();
    }
  });
  return { id, variantIds, sku, slug };
}

export async function insertCategory(server: TestServer, storeId: string, name: string, slug: string) {
  const id = randomUUID();
  await server.ctx.db.insertInto('categories').values({ id, store_id: storeId, name, slug, created_at: new Date().toISOString() }).execute();
  return id;
}

export async function unitOf(server: TestServer, productId: string, variantId: string | null = null) {
  let q = server.ctx.db.selectFrom('inventory').select(['qty', 'reserved']).where('product_id', '=', productId);
  q = variantId ? q.where('variant_id', '=', variantId) : q.where('variant_id', 'is', null);
  return q.executeTakeFirstOrThrow();
}

let k = 0;
let lastCreated = 0;
/** Strictly increasing creation times, so "newest first" is well defined within one millisecond. */
function nextCreatedAt() {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}
/** A valid checkout body for the given lines at the given unit prices. */
export function checkoutBody(
  lines: Array<{ productId: string; variantId?: string | null; quantity: number; unitPriceCents: number }>,
  extra: Record<string, unknown> = {},
) {
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  return {
    items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
    customer: {
      customerName: 'Maria Rossi',
      customerEmail: 'maria.rossi@example.it',
      customerPhone: '+39 333 1234567',
      street: 'Via Roma 10',
      city: 'Milano',
      postalCode: '20121',
      province: 'MI',
      notes: 'Citofono Rossi',
    },
    country: 'Italia',
    subtotalCents: subtotal,
    shippingCents: 599,
    totalCents: subtotal + 599,
    paymentMethod: 'cod',
    acceptTerms: true,
    idempotencyKey: `key-${Date.now().toString(36)}-${(k++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    ...extra,
  };
}

/** The terms of a discount code as the dashboard sends them: 10% off, no limits, active, a random code unless given. */
export function discountTerms(over: Partial<DiscountCodeData> = {}): DiscountCodeData {
  return {
    code: `C${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    kind: 'percent',
    value: 10,
    minOrderCents: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerEmail: null,
    active: true,
    ...over,
  };
}
