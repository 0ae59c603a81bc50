import { sql } from 'kysely';
import {
  saleCompareAt,
  unitPriceCents,
  variantCompareAtCents,
  type PublicStore,
  type ResponsiveImage,
  type StorefrontProductCard,
  type StorefrontProductDetail,
} from '@vetrina/shared';
import { WITHDRAWAL_EXCLUSION_LABELS } from '@vetrina/shared/returns';
import type { Db } from '../../db/index.js';
import { inList, prepared } from '../../db/prepared.js';
import { parseColors } from '../stores/repo.js';
import { parseSrcset } from '../catalog/images/files.js';
import { availableSql } from '../inventory/repo.js';
import { publicBusinessOf } from '../legal/public-business.js';

const parseJson = <T>(raw: string | null, fallback: T): T => {
  try {
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

/**
 * A stored picture for `srcset`: its smaller copies, then the full image at its own width (the
 * largest), ascending. Pictures stored before sizes were recorded have no srcset.
 */
export function responsiveImage(r: { url: string; width: number | null; height: number | null; srcset: string }): ResponsiveImage {
  const copies = parseSrcset(r.srcset)
    .filter((c) => r.width === null || c.width < r.width)
    .sort((a, b) => a.width - b.width)
    .map((c) => ({ url: c.url, width: c.width }));
  return { url: r.url, width: r.width, height: r.height, srcset: r.width ? [...copies, { url: r.url, width: r.width }] : [] };
}

/** A picture known only by its URL (products saved before the product_images table). */
const legacyImage = (url: string): ResponsiveImage => ({ url, width: null, height: null, srcset: [] });
/** The URLs of products.image_urls (a JSON array of strings; anything else counts as none). */
const legacyUrls = (raw: string): string[] => {
  const v = parseJson<unknown>(raw, []);
  return Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string') : [];
};

/** Read-only queries of the public storefront: only active products of one store are ever visible. */
export function storefrontRepo(db: Db, dialect: 'sqlite' | 'postgres') {
  const availableExpr = availableSql(dialect);

  // The reads every storefront page makes, compiled once (db/prepared.ts).
  const storeRow = prepared((db: Db, a: { slug: string }) =>
    db
      .selectFrom('stores as s')
      .leftJoin('themes as t', 't.id', 's.theme_id')
      .leftJoin('store_business_details as b', 'b.store_id', 's.id')
      .select(['s.id', 's.name', 's.slug', 's.logo_url', 's.colors', 't.key as theme_key', 't.name as theme_name'])
      .select(['b.company_name', 'b.vat_number', 'b.tax_code', 'b.address', 'b.pec', 'b.phone', 'b.email'])
      .where('s.slug', '=', a.slug),
  );
  // Whether a shopper can find something in each category: an EXISTS probe of the (store, status,
  // category) listing index. Empty ones stay reachable by address but are not linked (home, menu, filter).
  const categoryRows = prepared((db: Db, a: { storeId: string }) =>
    db
      .selectFrom('categories as c')
      .select(['c.id', 'c.name', 'c.slug'])
      .select(({ exists, selectFrom }) =>
        exists(
          selectFrom('products as p')
            .select(sql`1`.as('one'))
            .whereRef('p.store_id', '=', 'c.store_id')
            .where('p.status', '=', 'active')
            .whereRef('p.category_id', '=', 'c.id'),
        ).as('has_products'),
      )
      .where('c.store_id', '=', a.storeId)
      .orderBy('c.name')
      .limit(200),
  );

  async function storeBySlug(slug: string): Promise<Omit<PublicStore, 'shipping'> | null> {
    const row = await storeRow.first(db, { slug });
    if (!row) return null;
    const rows = await categoryRows.all(db, { storeId: row.id });
    const categories = rows.map((c) => ({ id: c.id, name: c.name, slug: c.slug, hasProducts: Boolean(Number(c.has_products)) }));
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      logoUrl: row.logo_url,
      colors: parseColors(row.colors),
      theme: row.theme_key && row.theme_name ? { key: row.theme_key, name: row.theme_name } : null,
      categories,
      business: publicBusinessOf(row),
    };
  }

  /**
   * Availability, price range and the cheapest units' 'Prezzo pieno' per product for a page of ids,
   * in one grouped pass. The compare-at is `fromCompareAtCents` (sale-price.ts) in SQL: the minimum
   * of (difference, compare-at) packed into one integer — the difference shifted to be non-negative
   * times 10^9, plus the unit's compare-at (its own, else the product's plus the difference, else 0;
   * always under 10^9) — read back as the remainder. Equally cheap units: the smallest compare-at,
   * 0 (none) if one of them has none.
   */
  const delta = sql`coalesce(v.price_delta_cents, 0)`;
  const compareAt = sql`coalesce(v.compare_at_cents, q.compare_at_cents + ${delta}, 0)`;

  // One statement per page of cards: the products by primary key only (with the store in the WHERE,
  // SQLite would walk the store's index, every product of the store; the store is checked on the
  // rows read), their units grouped in one pass, and each one's cover (the first gallery picture,
  // by the (product, position) index). Three statements before, each a round trip on PostgreSQL.
  const cardRows = prepared((db: Db, a: { ids: readonly string[] }) =>
    db
      .selectFrom('products as p')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('inventory as inv')
            .innerJoin('products as q', 'q.id', 'inv.product_id')
            .leftJoin('product_variants as v', 'v.id', 'inv.variant_id')
            .select([
              'inv.product_id',
              sql<number>`sum(${availableExpr})`.as('available'),
              sql<number>`min(${delta})`.as('min_delta'),
              sql<number>`max(${delta})`.as('max_delta'),
              sql<number>`min((cast(${delta} as bigint) + 100000000) * 1000000000 + ${compareAt}) % 1000000000`.as('from_compare_at'),
            ])
            .where(inList(db, 'inv.product_id', a.ids))
            .groupBy('inv.product_id')
            .as('u'),
        (join) => join.onRef('u.product_id', '=', 'p.id'),
      )
      .leftJoin('product_images as img', (join) =>
        join.on(
          'img.id',
          '=',
          db
            .selectFrom('product_images as i')
            .select('i.id')
            .where('i.product_id', '=', sql.ref<string>('p.id'))
            .where('i.variant_id', 'is', null)
            .orderBy('i.position')
            .orderBy('i.id')
            .limit(1),
        ),
      )
      .select([
        'p.id',
        'p.store_id',
        'p.slug',
        'p.title',
        'p.price_cents',
        'p.compare_at_cents',
        'p.image_urls',
        'c.name as category_name',
        'c.slug as category_slug',
        'u.available',
        'u.min_delta',
        'u.max_delta',
        'u.from_compare_at',
        'img.url as cover_url',
        'img.thumb_url as cover_thumb_url',
        'img.width as cover_width',
        'img.height as cover_height',
        'img.srcset as cover_srcset',
      ])
      .where(inList(db, 'p.id', a.ids)),
  );

  /** The cards of a page of products, in the order of `ids` (the listing engine's order). */
  async function productCards(storeId: string, ids: string[]): Promise<StorefrontProductCard[]> {
    if (!ids.length) return [];
    const rows = await cardRows.all(db, { ids });
    const byId = new Map(rows.filter((r) => r.store_id === storeId).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const u =
        r.available === null
          ? undefined
          : { available: Number(r.available), minDelta: Number(r.min_delta), maxDelta: Number(r.max_delta), fromCompareAt: Number(r.from_compare_at) };
      const cover =
        r.cover_url !== null && r.cover_thumb_url !== null
          ? {
              thumbUrl: r.cover_thumb_url,
              image: responsiveImage({ url: r.cover_url, width: r.cover_width, height: r.cover_height, srcset: r.cover_srcset ?? '' }),
            }
          : undefined;
      const legacyUrl = cover ? null : (legacyUrls(r.image_urls)[0] ?? null);
      const priceCents = unitPriceCents(r.price_cents, u?.minDelta);
      return [
        {
          id: r.id,
          slug: r.slug,
          title: r.title,
          priceCents,
          priceVaries: !!u && u.minDelta !== u.maxDelta,
          compareAtCents: saleCompareAt(priceCents, u ? u.fromCompareAt || null : r.compare_at_cents),
          thumbUrl: cover?.thumbUrl ?? legacyUrl,
          image: cover?.image ?? (legacyUrl ? legacyImage(legacyUrl) : null),
          soldOut: !u || u.available <= 0,
          category: r.category_name && r.category_slug ? { name: r.category_name, slug: r.category_slug } : null,
        },
      ];
    });
  }

  const activeProduct = (by: 'p.slug' | 'p.id') =>
    prepared((db: Db, a: { storeId: string; ref: string }) =>
      db
        .selectFrom('products as p')
        .leftJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.description',
          'p.price_cents',
          'p.compare_at_cents',
          'p.sku',
          'p.image_urls',
          'p.updated_at',
          'p.withdrawal_exclusion',
          'c.name as category_name',
          'c.slug as category_slug',
        ])
        .where('p.store_id', '=', a.storeId)
        .where('p.status', '=', 'active')
        .where(by, '=', a.ref),
    );
  const activeBySlug = activeProduct('p.slug');
  const activeById = activeProduct('p.id');
  const productPictures = prepared((db: Db, a: { productId: string }) =>
    db
      .selectFrom('product_images')
      .select(['url', 'thumb_url', 'width', 'height', 'srcset'])
      .where('product_id', '=', a.productId)
      .where('variant_id', 'is', null)
      .orderBy('position'),
  );
  const productVariants = prepared((db: Db, a: { productId: string }) =>
    db
      .selectFrom('product_variants as v')
      .leftJoin('inventory as inv', 'inv.variant_id', 'v.id')
      .select([
        'v.id',
        'v.label',
        'v.sku',
        'v.price_delta_cents',
        'v.compare_at_cents',
        'v.attributes',
        'v.image_url',
        sql<number>`coalesce(${availableExpr}, 0)`.as('available'),
      ])
      .where('v.product_id', '=', a.productId)
      .where('v.archived_at', 'is', null)
      .orderBy('v.created_at')
      .orderBy('v.id'),
  );
  const productOwnUnits = prepared((db: Db, a: { productId: string }) =>
    db.selectFrom('inventory as inv').select(availableExpr.as('available')).where('inv.product_id', '=', a.productId).where('inv.variant_id', 'is', null),
  );

  /** An active product by its slug or, for links made before slugs existed, by its id. */
  async function productDetail(storeId: string, productRef: string): Promise<StorefrontProductDetail | null> {
    const p = (await activeBySlug.first(db, { storeId, ref: productRef })) ?? (await activeById.first(db, { storeId, ref: productRef }));
    if (!p) return null;
    const [images, variants, units] = await Promise.all([
      productPictures.all(db, { productId: p.id }),
      productVariants.all(db, { productId: p.id }),
      productOwnUnits.first(db, { productId: p.id }),
    ]);
    const imageList = images.length
      ? images.map((i) => ({ ...responsiveImage(i), thumbUrl: i.thumb_url }))
      : legacyUrls(p.image_urls).map((u) => ({ ...legacyImage(u), thumbUrl: u }));
    const variantList = variants.map((v) => {
      const priceCents = unitPriceCents(p.price_cents, v.price_delta_cents);
      const compareAt = variantCompareAtCents(p.compare_at_cents, { compareAtCents: v.compare_at_cents, priceDeltaCents: v.price_delta_cents });
      return {
        id: v.id,
        label: v.label,
        sku: v.sku,
        priceDeltaCents: v.price_delta_cents,
        priceCents,
        compareAtCents: saleCompareAt(priceCents, compareAt),
        attributes: parseJson<Record<string, string>>(v.attributes, {}),
        imageUrl: v.image_url,
        available: Number(v.available),
      };
    });
    const own = Number(units?.available ?? 0);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      description: p.description,
      sku: p.sku,
      priceCents: p.price_cents,
      compareAtCents: saleCompareAt(p.price_cents, p.compare_at_cents),
      images: imageList,
      category: p.category_name && p.category_slug ? { name: p.category_name, slug: p.category_slug } : null,
      variants: variantList,
      available: variantList.length ? 0 : own,
      soldOut: variantList.length ? variantList.every((v) => v.available <= 0) : own <= 0,
      withdrawalExclusion: p.withdrawal_exclusion ? WITHDRAWAL_EXCLUSION_LABELS[p.withdrawal_exclusion] : null,
      updatedAt: p.updated_at,
    };
  }

  const categoryRow = prepared((db: Db, a: { storeId: string; slug: string }) =>
    db.selectFrom('categories').select(['id', 'name', 'slug']).where('store_id', '=', a.storeId).where('slug', '=', a.slug),
  );
  const categoryBySlug = (storeId: string, slug: string) => categoryRow.first(db, { storeId, slug });

  return { storeBySlug, productCards, productDetail, categoryBySlug };
}
