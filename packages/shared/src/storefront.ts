import { z } from 'zod';
import { storeColorsResponseSchema } from './stores.js';
import { shippingDestinationSchema } from './shipping.js';
import { publicBusinessSchema } from './business.js';
import { EURO_FORMS, parseEuroToCents } from './catalog-utils.js';
import { LISTING_LIMITS, STOREFRONT_SORTS } from './listing.js';

export * from './listing.js';

const count = z.number().int();
const categoryRef = z.object({ name: z.string(), slug: z.string() });

export const publicStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  colors: storeColorsResponseSchema,
  theme: z.object({ key: z.string(), name: z.string() }).nullable(),
  /** Every category (its page stays reachable); only those with `hasProducts` (an active product) are linked. */
  categories: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), hasProducts: z.boolean() })),
  /** Where the store ships, Italy first, with rates and free-shipping thresholds (Impostazioni → Spedizioni). */
  shipping: z.array(shippingDestinationSchema),
  /** Company details for the footer (each null until the merchant gives it: Impostazioni → Dati aziendali). */
  business: publicBusinessSchema,
});
export type PublicStore = z.infer<typeof publicStoreSchema>;

/**
 * One picture at several widths (WebP), for `srcset`/`sizes`. `url` is the largest stored copy;
 * `srcset` lists every copy by width, ascending (empty for pictures stored before derivatives
 * existed). `width`/`height` are those of `url` (null when unknown), so pages reserve the space.
 */
export const responsiveImageSchema = z.object({
  url: z.string(),
  width: count.nullable(),
  height: count.nullable(),
  srcset: z.array(z.object({ url: z.string(), width: count })),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

export const storefrontProductCardSchema = z.object({
  id: z.string(),
  /** Readable, unique in the store: /store/{storeSlug}/products/{slug}. */
  slug: z.string(),
  title: z.string(),
  /** Lowest price a shopper can pay (base price plus the smallest variant delta). */
  priceCents: count,
  /** True when variants have different prices ("da € …"). */
  priceVaries: z.boolean(),
  /** Struck beside `priceCents` (the cheapest units' 'Prezzo pieno', only when above it; null: not on sale). */
  compareAtCents: count.nullable(),
  thumbUrl: z.string().nullable(),
  /** The cover picture (null without images). */
  image: responsiveImageSchema.nullable(),
  soldOut: z.boolean(),
  category: categoryRef.nullable(),
});
export type StorefrontProductCard = z.infer<typeof storefrontProductCardSchema>;

export const storefrontVariantSchema = z.object({
  id: z.string(),
  label: z.string(),
  sku: z.string(),
  priceCents: count,
  priceDeltaCents: count,
  /** This variant's 'Prezzo pieno' (its own or the product's plus the difference), only when above its price. */
  compareAtCents: count.nullable(),
  attributes: z.record(z.string(), z.string()),
  imageUrl: z.string().nullable(),
  available: count,
});
export type StorefrontVariant = z.infer<typeof storefrontVariantSchema>;

export const storefrontProductDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  sku: z.string(),
  priceCents: count,
  /** The product's 'Prezzo pieno', only when above `priceCents` (variants carry their own). */
  compareAtCents: count.nullable(),
  images: z.array(responsiveImageSchema.extend({ thumbUrl: z.string() })),
  category: categoryRef.nullable(),
  variants: z.array(storefrontVariantSchema),
  /** Units available when the product has no variants. */
  available: count,
  soldOut: z.boolean(),
  /** Why the product is excluded from withdrawal (WITHDRAWAL_EXCLUSION_LABELS); null: the shopper may withdraw. */
  withdrawalExclusion: z.string().nullable(),
  /** Last change of the product (sitemaps' lastmod). */
  updatedAt: z.string(),
});
export type StorefrontProductDetail = z.infer<typeof storefrontProductDetailSchema>;

/** One page of the storefront's product list. */
export const storefrontProductPageSchema = z.object({
  items: z.array(storefrontProductCardSchema),
  /** Exact up to LISTING_LIMITS.countCap; `totalCapped` when there are more. */
  total: count,
  totalCapped: z.boolean(),
  /** Another page follows this one. */
  hasMore: z.boolean(),
  /** Opens the next page with an index seek (`cursor=`); null with a search or on the last page. */
  nextCursor: z.string().nullable(),
  page: count,
  pageSize: count,
});
export type StorefrontProductPage = z.infer<typeof storefrontProductPageSchema>;

/** A product suggested while the shopper types in the search box. */
export const storefrontSuggestionSchema = storefrontProductCardSchema.pick({
  id: true,
  slug: true,
  title: true,
  priceCents: true,
  priceVaries: true,
  thumbUrl: true,
});
export type StorefrontSuggestion = z.infer<typeof storefrontSuggestionSchema>;

/** The answers of the public read routes (/api/public/stores/{slug}…). */
export const publicStoreResponseSchema = z.object({ store: publicStoreSchema });
export const storefrontProductResponseSchema = z.object({ product: storefrontProductDetailSchema });
export const storefrontSuggestionsResponseSchema = z.object({ items: z.array(storefrontSuggestionSchema) });

const PRICE_FILTER_MAX = 100_000_000;
/** A price filter in euros as typed ('12', '12,50', '12.50'), to cents; empty means no bound. */
const euroFilter = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(16, message)
    .refine((v) => {
      if (v === '') return true;
      const cents = parseEuroToCents(v);
      return cents !== null && cents <= PRICE_FILTER_MAX;
    }, message)
    .transform((v) => (v === '' ? undefined : (parseEuroToCents(v) ?? undefined)))
    .optional();

const pageMsg = 'Pagina non valida';

export const storefrontProductsQuerySchema = z
  .strictObject({
    search: z.string().trim().max(LISTING_LIMITS.searchMax, 'Ricerca troppo lunga').optional(),
    category: z.string().trim().max(120).optional(),
    /** Default: relevance with a search, newest first without. */
    sort: z.enum(STOREFRONT_SORTS, { error: 'Ordinamento non valido' }).optional(),
    minPrice: euroFilter(`Prezzo minimo non valido: scrivi ad esempio ${EURO_FORMS}`),
    maxPrice: euroFilter(`Prezzo massimo non valido: scrivi ad esempio ${EURO_FORMS}`),
    available: z
      .enum(['1', '0', 'true', 'false'], { error: 'Valore non valido per "Solo disponibili"' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    page: z.coerce.number({ error: pageMsg }).int(pageMsg).min(1, pageMsg).max(10_000, pageMsg).default(1),
    pageSize: z.coerce.number().int().min(1).max(48).default(24),
    /** The `nextCursor` of the previous page (opaque). */
    cursor: z
      .string()
      .max(300, pageMsg)
      .regex(/^[A-Za-z0-9_-]+$/, pageMsg)
      .optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'Il prezzo minimo non può superare il prezzo massimo',
    path: ['minPrice'],
  });
export type StorefrontProductsQuery = z.input<typeof storefrontProductsQuerySchema>;

export const storefrontSuggestionsQuerySchema = z.strictObject({
  q: z.string().trim().max(LISTING_LIMITS.searchMax, 'Ricerca troppo lunga').default(''),
});
export type StorefrontSuggestionsQuery = z.input<typeof storefrontSuggestionsQuerySchema>;
