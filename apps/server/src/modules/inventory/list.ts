import { CATALOG_LIMITS, catalogMsg, type InventoryItem, type InventoryList } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import { inventoryUnits } from './repo.js';
import { containsPattern, ilike } from '../catalog/search.js';

const rowsOf = (db: Db, storeId: string) =>
  db
    .selectFrom('inventory as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('product_variants as v', 'v.id', 'i.variant_id')
    .where('i.store_id', '=', storeId);

const columns = ['i.id', 'i.product_id', 'i.variant_id', 'i.qty', 'i.reserved', 'p.title', 'p.sku as product_sku', 'v.label', 'v.sku as variant_sku'] as const;

interface Row {
  id: string;
  product_id: string;
  variant_id: string | null;
  qty: number;
  reserved: number;
  title: string;
  product_sku: string;
  label: string | null;
  variant_sku: string | null;
}

type ThumbOf = (productId: string, variantId: string | null) => string | null;

const toItem = (r: Row, thumb: ThumbOf): InventoryItem => ({
  id: r.id,
  productId: r.product_id,
  productTitle: r.title,
  variantId: r.variant_id,
  variantLabel: r.label,
  sku: r.variant_sku ?? r.product_sku,
  qty: r.qty,
  reserved: r.reserved,
  available: r.qty - r.reserved,
  thumbUrl: thumb(r.product_id, r.variant_id),
});

/** Thumbnails for a page of rows: the variant's own image, else the product's cover. */
async function thumbsOf(db: Db, productIds: string[], variantIds: string[]): Promise<ThumbOf> {
  const rows = productIds.length
    ? await db
        .selectFrom('product_images')
        .select(['product_id', 'variant_id', 'thumb_url'])
        .where((eb) =>
          eb.or([
            eb.and([eb('product_id', 'in', productIds), eb('variant_id', 'is', null), eb('position', '=', 0)]),
            ...(variantIds.length ? [eb('variant_id', 'in', variantIds)] : []),
          ]),
        )
        .execute()
    : [];
  const byVariant = new Map(rows.filter((r) => r.variant_id).map((r) => [r.variant_id, r.thumb_url]));
  const byProduct = new Map(rows.filter((r) => !r.variant_id).map((r) => [r.product_id, r.thumb_url]));
  return (productId: string, variantId: string | null) => (variantId && byVariant.get(variantId)) || byProduct.get(productId) || null;
}

/** One row per sellable unit, newest products first, a page at a time; totals cover the whole store. */
export async function listInventory(db: Db, storeId: string, f: { page: number; q: string }): Promise<InventoryList> {
  const pageSize = CATALOG_LIMITS.inventoryPageSize;
  let q = rowsOf(db, storeId);
  if (f.q) {
    const pattern = containsPattern(f.q);
    q = q.where((eb) =>
      eb.or([ilike(eb.ref('p.title'), pattern), ilike(eb.ref('v.label'), pattern), ilike(eb.ref('p.sku'), pattern), ilike(eb.ref('v.sku'), pattern)]),
    );
  }
  const [count, rows, sums] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    q
      .select(columns)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .orderBy('v.created_at')
      .orderBy('i.id')
      .limit(pageSize)
      .offset((f.page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('inventory')
      .select((eb) => [eb.fn.sum<number>('qty').as('qty'), eb.fn.sum<number>('reserved').as('reserved')])
      .where('store_id', '=', storeId)
      .executeTakeFirst(),
  ]);
  const thumb = await thumbsOf(
    db,
    [...new Set(rows.map((r) => r.product_id))],
    rows.flatMap((r) => (r.variant_id ? [r.variant_id] : [])),
  );
  const total = Number(sums?.qty ?? 0);
  const reserved = Number(sums?.reserved ?? 0);
  return {
    items: rows.map((r) => toItem(r, thumb)),
    total: Number(count?.n ?? 0),
    page: f.page,
    pageSize,
    totals: { total, reserved, available: total - reserved },
  };
}

/** The inventory page's edit: `actorId` is the member, named in the unit's history. */
export async function setInventoryQty(db: Db, storeId: string, inventoryId: string, qty: number, actorId: string): Promise<InventoryItem> {
  await db.transaction().execute((trx) => inventoryUnits.setQty(trx, storeId, inventoryId, qty, { reason: 'manual', actorId }));
  const r = await rowsOf(db, storeId).select(columns).where('i.id', '=', inventoryId).executeTakeFirst();
  if (!r) throw notFound(catalogMsg.inventoryNotFound);
  return toItem(r, await thumbsOf(db, [r.product_id], r.variant_id ? [r.variant_id] : []));
}
