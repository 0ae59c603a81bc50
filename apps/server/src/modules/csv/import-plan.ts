import {
  CATALOG_LIMITS,
  catalogMsg,
  categorySlug,
  productInputSchema,
  productSlugFromTitle,
  numberedSlug,
  skuKey,
  variantInputSchema,
  type ProductData,
  type VariantData,
} from '@vetrina/shared';
import { CSV_LIMITS, csvMsg, type ImportRowError, type ImportSampleRow, type ProductImportResult } from '@vetrina/shared/csv';
import type { ZodError } from 'zod';
import { AppError } from '../../lib/errors.js';
import { assertPrice } from '../catalog/variants/price.js';
import type { ProductColumns, ColumnKey } from './product-columns.js';
import type { CsvRow } from './read.js';
import type { ExistingProduct } from './repo.js';
import { readMoney, readPublished, readQty, readStatus } from './import-values.js';

/** What the store holds that the plan is checked against (loaded by the service). */
export interface StoreState {
  existing: Map<string, ExistingProduct>;
  slugs: Set<string>;
  skuOwners: Map<string, { productId: string; variantId: string | null }>;
  categories: Array<{ id: string; name: string; slug: string }>;
}

export interface PlannedVariant {
  line: number;
  existingId: string | null;
  /** imageId is filled when writing (an existing variant keeps its picture). */
  data: VariantData;
}

export interface PlannedProduct {
  line: number;
  existing: ExistingProduct | null;
  /** categoryId is resolved when writing, from `category` (undefined: keep the product's). */
  data: ProductData;
  category: string | null | undefined;
  /** Null: a product sold on its own (no variants). */
  variants: PlannedVariant[] | null;
  /** Set when the file gives no SKU for a product with variants (a generated SKU-0001… is given). */
  needsSku: boolean;
}

export interface ImportPlan {
  products: PlannedProduct[];
  /** New categories by key (their slug), with the name as first written. */
  newCategories: Map<string, string>;
  /** Category key → existing id. */
  categoryIds: Map<string, string>;
  errors: ImportRowError[];
  summary: Omit<ProductImportResult, 'applied' | 'errors' | 'errorCount'>;
}

interface Group {
  handle: string;
  rows: CsvRow[];
}

const DEFAULT_TITLE = { name: 'title', value: 'default title' };

export function groupRows(rows: CsvRow[], cols: ProductColumns, errors: ImportRowError[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const handle = cols.get(row, 'handle').trim().toLowerCase();
    const title = cols.get(row, 'title').trim();
    if (!handle) {
      if (title) groups.set(`#${row.line}`, { handle: '', rows: [row] });
      else errors.push({ line: row.line, column: cols.name('handle'), message: csvMsg.continuationWithoutProduct });
      continue;
    }
    const group = groups.get(handle);
    if (!group) {
      groups.set(handle, { handle, rows: [row] });
      continue;
    }
    const first = group.rows[0] as CsvRow;
    const firstTitle = cols.get(first, 'title').trim();
    if (title && firstTitle && title !== firstTitle) {
      errors.push({ line: row.line, column: cols.name('handle'), message: csvMsg.handleRepeated(first.line, firstTitle) });
      continue;
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** Every SKU the file names (products and variants), for one lookup of their owners in the store. */
export function fileSkus(rows: CsvRow[], cols: ProductColumns): string[] {
  return rows.flatMap((r) => [cols.get(r, 'sku').trim(), cols.get(r, 'productSku').trim()]).filter((s) => s !== '');
}

/** Products, variants and categories the file would create or change, every row checked with the catalogue's own rules. */
export function planImport(groups: Group[], cols: ProductColumns, state: StoreState, errors: ImportRowError[]): ImportPlan {
  const products: PlannedProduct[] = [];
  const seenSkus = new Map<string, number>();
  const takenSlugs = new Set([...state.slugs, ...groups.map((g) => g.handle).filter(Boolean)]);
  const categoryIds = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const c of state.categories) {
    categoryIds.set(c.slug, c.id);
    byName.set(c.name.trim().toLowerCase(), c.slug);
  }
  const newCategories = new Map<string, string>();
  const sample: ImportSampleRow[] = [];
  const counts = { products: { create: 0, update: 0 }, variants: { create: 0, update: 0 } };
  let hasImages = false;

  // Column keys have no spaces; a name with one ('Option1 Value') is already the header's.
  const isKey = (k: string): k is ColumnKey => !k.includes(' ');
  const err = (line: number, key: ColumnKey | string | null, message: string) =>
    errors.push({ line, column: key === null ? null : isKey(key) ? cols.name(key) : key, message });

  /** A SKU seen twice in the file, or held in the store by someone other than `mine`. */
  const checkSku = (line: number, column: ColumnKey, sku: string, allowed: (owner: { productId: string; variantId: string | null }) => boolean) => {
    const key = skuKey(sku);
    const before = seenSkus.get(key);
    if (before !== undefined) {
      err(line, column, csvMsg.skuRepeated(sku, before));
      return false;
    }
    seenSkus.set(key, line);
    const owner = state.skuOwners.get(key);
    if (owner && !allowed(owner)) {
      err(line, column, csvMsg.skuTaken(sku));
      return false;
    }
    return true;
  };

  const resolveCategory = (row: CsvRow): string | null | undefined => {
    if (!cols.has('type') && !cols.has('productCategory')) return undefined;
    const typed = cols.get(row, 'type').trim() || (cols.get(row, 'productCategory').split('>').pop() ?? '').trim();
    if (!typed) return null;
    const column = cols.has('type') ? 'type' : 'productCategory';
    if (typed.length > 100) return (err(row.line, column, csvMsg.categoryTooLong), null);
    const known = byName.get(typed.toLowerCase());
    if (known) return known;
    const slug = categorySlug(typed);
    if (!slug) return (err(row.line, column, catalogMsg.slugEmpty), null);
    if (!categoryIds.has(slug) && !newCategories.has(slug)) {
      if (state.categories.length + newCategories.size >= CATALOG_LIMITS.categoriesPerStore) {
        return (err(row.line, column, csvMsg.tooManyCategories(CATALOG_LIMITS.categoriesPerStore)), null);
      }
      newCategories.set(slug, typed);
    }
    byName.set(typed.toLowerCase(), slug);
    return slug;
  };

  const statusOf = (row: CsvRow, existing: ExistingProduct | null): ProductData['status'] => {
    const s = readStatus(cols.get(row, 'status'));
    if (!s.ok) err(row.line, 'status', s.message);
    else if (s.value) return s.value;
    const p = readPublished(cols.get(row, 'published'));
    if (!p.ok) err(row.line, 'published', p.message);
    else if (p.value !== null) return p.value ? 'active' : 'draft';
    // Never unpublished by an empty cell: an existing product keeps its status, a new one is a draft (as in the form).
    return existing?.status ?? 'draft';
  };

  /** Zod issues of the catalogue's schemas, each on the column it came from. */
  const schemaErrors = (line: number, error: ZodError, columnOf: Record<string, ColumnKey | string>) => {
    for (const issue of error.issues) err(line, columnOf[String(issue.path[0] ?? '')] ?? null, issue.message);
  };

  const optionsOf = (row: CsvRow, first: CsvRow) => {
    const pairs: Array<{ key: string; value: string }> = [];
    for (const n of cols.optionNumbers) {
      const { name, value } = cols.option(row, n);
      if (!value) continue;
      const key = name || cols.option(first, n).name;
      if (key.toLowerCase() === DEFAULT_TITLE.name && value.toLowerCase() === DEFAULT_TITLE.value) continue;
      if (!key) {
        err(row.line, cols.optionName(n), csvMsg.optionNameMissing(n));
        continue;
      }
      pairs.push({ key, value });
    }
    return pairs;
  };

  for (const group of groups) {
    const first = group.rows[0] as CsvRow;
    const errorsBefore = errors.length;
    const existing = group.handle ? (state.existing.get(group.handle) ?? null) : null;
    const title = cols.get(first, 'title').trim();
    if (!title) err(first.line, 'title', csvMsg.titleRequired);
    let handle = group.handle;
    if (!handle) {
      const base = productSlugFromTitle(title);
      let n = 1;
      while (takenSlugs.has(numberedSlug(base, n))) n++;
      handle = numberedSlug(base, n);
      takenSlugs.add(handle);
    }
    const units = group.rows.filter((r) => !isImageOnly(r, cols));
    if (group.rows.some((r) => cols.get(r, 'imageSrc').trim() || cols.get(r, 'variantImage').trim())) hasImages = true;
    const description = cols.has('body') ? cols.get(first, 'body') : (existing?.description ?? '');
    const status = statusOf(first, existing);
    const category = resolveCategory(first);
    const simple = units.length === 1 && optionsOf(units[0] as CsvRow, first).length === 0 && !cols.get(units[0] as CsvRow, 'label').trim();
    const action = existing ? 'update' : 'create';

    if (simple) {
      const row = units[0] as CsvRow;
      const sku = cols.get(row, 'sku').trim();
      const price = readMoney(cols.get(row, 'price'));
      const compare = cols.has('compareAt')
        ? readMoney(cols.get(row, 'compareAt'), catalogMsg.compareAtInvalid)
        : { ok: true as const, value: existing?.compareAtCents ?? null };
      const qty = cols.has('qty') ? readQty(cols.get(row, 'qty')) : { ok: true as const, value: existing?.unit?.qty ?? 0 };
      if (!price.ok) err(row.line, 'price', price.message);
      else if (price.value === null) err(row.line, 'price', catalogMsg.priceRequired);
      if (!compare.ok) err(row.line, 'compareAt', compare.message);
      if (!qty.ok) err(row.line, 'qty', qty.message);
      if (!sku) err(row.line, 'sku', catalogMsg.skuRequired);
      else checkSku(row.line, 'sku', sku, (o) => existing !== null && o.productId === existing.id && o.variantId === null);
      const stock = qty.ok ? (qty.value ?? 0) : 0;
      if (existing && !existing.variants.length && existing.unit && qty.ok && stock < existing.unit.reserved) {
        err(row.line, 'qty', catalogMsg.belowReserved(existing.unit.reserved));
      }
      const parsed = productInputSchema.safeParse({
        title,
        slug: handle,
        description,
        priceCents: price.ok ? (price.value ?? 0) : 0,
        sku: sku || 'X',
        stock,
        status,
        compareAtCents: compare.ok ? compare.value : null,
      });
      if (!parsed.success) {
        if (title && sku && price.ok && compare.ok && qty.ok) schemaErrors(row.line, parsed.error, SIMPLE_COLUMNS);
      } else if (errors.length === errorsBefore) {
        products.push({ line: first.line, existing, data: parsed.data, category, variants: null, needsSku: false });
        counts.products[action]++;
        if (sample.length < CSV_LIMITS.sampleRows)
          sample.push({ line: row.line, handle, title, variant: null, sku, priceCents: parsed.data.priceCents, stock: parsed.data.stock, action });
      }
      continue;
    }

    // A product with variants: every row is one of them.
    const productPrice = readMoney(cols.get(first, 'productPrice'));
    if (!productPrice.ok) err(first.line, 'productPrice', productPrice.message);
    const productCompare = cols.has('productCompareAt')
      ? readMoney(cols.get(first, 'productCompareAt'), catalogMsg.compareAtInvalid)
      : { ok: true as const, value: existing?.compareAtCents ?? null };
    if (!productCompare.ok) err(first.line, 'productCompareAt', productCompare.message);
    const productSku = cols.get(first, 'productSku').trim();
    if (productSku) checkSku(first.line, 'productSku', productSku, (o) => existing !== null && o.productId === existing.id && o.variantId === null);

    const rows = units.map((row) => {
      const price = readMoney(cols.get(row, 'price'));
      if (!price.ok) err(row.line, 'price', price.message);
      else if (price.value === null) err(row.line, 'price', catalogMsg.priceRequired);
      return { row, price: price.ok ? price.value : null };
    });
    const prices = rows.flatMap((r) => (r.price === null ? [] : [r.price]));
    const basePrice = productPrice.ok && productPrice.value !== null ? productPrice.value : (existing?.priceCents ?? (prices.length ? Math.min(...prices) : 0));
    const baseCompare = productCompare.ok ? productCompare.value : null;
    let newVariants = 0;
    const variants: PlannedVariant[] = [];
    const groupSample: ImportSampleRow[] = [];

    for (const { row, price } of rows) {
      const sku = cols.get(row, 'sku').trim();
      let existingId: string | null = null;
      if (!sku) err(row.line, 'sku', catalogMsg.skuRequired);
      else
        checkSku(row.line, 'sku', sku, (o) => {
          if (existing === null || o.productId !== existing.id) return false;
          if (o.variantId === null) return (err(row.line, 'sku', csvMsg.variantIsProduct(sku)), true);
          existingId = o.variantId;
          return true;
        });
      const current = existingId ? (existing?.variants.find((v) => v.id === existingId) ?? null) : null;
      const pairs = optionsOf(row, first);
      const label = cols.get(row, 'label').trim() || pairs.map((p) => p.value).join(' / ');
      if (!label) err(row.line, cols.optionValueName(cols.optionNumbers[0] ?? 1), csvMsg.variantNameMissing);
      const qty = cols.has('qty') ? readQty(cols.get(row, 'qty')) : { ok: true as const, value: current?.qty ?? 0 };
      if (!qty.ok) err(row.line, 'qty', qty.message);
      const stock = qty.ok ? (qty.value ?? 0) : 0;
      if (current && qty.ok && stock < current.reserved) err(row.line, 'qty', catalogMsg.belowReserved(current.reserved));
      const compare = cols.has('compareAt') ? readMoney(cols.get(row, 'compareAt'), catalogMsg.compareAtInvalid) : null;
      if (compare && !compare.ok) err(row.line, 'compareAt', compare.message);
      const delta = (price ?? basePrice) - basePrice;
      // The file holds what a shopper sees; one equal to the product's shifted by the difference is the inherited one.
      let ownCompare = compare ? (compare.ok ? compare.value : null) : (current?.compareAtCents ?? null);
      if (compare?.ok && ownCompare !== null && baseCompare !== null && ownCompare === baseCompare + delta) ownCompare = null;
      if (!existingId) newVariants++;
      if ((existing?.variants.length ?? 0) + newVariants === CATALOG_LIMITS.variantsPerProduct + 1) err(row.line, 'sku', catalogMsg.tooManyVariants);
      if (!existingId && existing && !existing.variants.length && (existing.unit?.reserved ?? 0) > 0 && newVariants === 1) {
        err(row.line, 'sku', catalogMsg.reservedBlocksVariants);
      }
      const parsed = variantInputSchema.safeParse({ label, sku: sku || 'X', priceDeltaCents: delta, stock, attributes: pairs, compareAtCents: ownCompare });
      if (!parsed.success) {
        if (sku && label) schemaErrors(row.line, parsed.error, VARIANT_COLUMNS);
        continue;
      }
      if (price !== null) {
        try {
          assertPrice(basePrice, parsed.data);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          err(row.line, e.extra.field === 'compareAtCents' ? 'compareAt' : 'price', e.message);
        }
      }
      variants.push({ line: row.line, existingId, data: parsed.data });
      groupSample.push({ line: row.line, handle, title, variant: label, sku, priceCents: price ?? 0, stock, action: existingId ? 'update' : 'create' });
    }

    const parsed = productInputSchema.safeParse({
      title,
      slug: handle,
      description,
      priceCents: basePrice,
      sku: productSku || existing?.sku || 'X',
      stock: existing?.unit?.qty ?? 0,
      status,
      compareAtCents: baseCompare,
    });
    if (!parsed.success) {
      if (title) schemaErrors(first.line, parsed.error, VARIANTS_PRODUCT_COLUMNS);
      continue;
    }
    if (errors.length > errorsBefore) continue;
    products.push({ line: first.line, existing, data: parsed.data, category, variants, needsSku: !productSku && !existing });
    counts.products[action]++;
    for (const v of variants) counts.variants[v.existingId ? 'update' : 'create']++;
    sample.push(...groupSample.slice(0, CSV_LIMITS.sampleRows - sample.length));
  }

  const notices: string[] = [];
  if (cols.ignored.length) notices.push(csvMsg.unknownColumns(cols.ignored.slice(0, 12)));
  if (hasImages) notices.push(csvMsg.imagesIgnored);
  return {
    products,
    newCategories,
    categoryIds,
    errors,
    summary: {
      rows: groups.reduce((n, g) => n + g.rows.length, 0),
      products: counts.products,
      variants: counts.variants,
      categories: { create: newCategories.size },
      notices,
      sample,
    },
  };
}

/** A row of Shopify's that only adds a picture to the product above it (Handle, Image Src, Image Position). */
function isImageOnly(row: CsvRow, cols: ProductColumns): boolean {
  const keys: ColumnKey[] = ['title', 'sku', 'price', 'qty', 'compareAt', 'label'];
  return keys.every((k) => cols.get(row, k).trim() === '') && cols.optionNumbers.every((n) => cols.option(row, n).value === '');
}

const SIMPLE_COLUMNS: Record<string, ColumnKey> = {
  title: 'title',
  slug: 'handle',
  description: 'body',
  priceCents: 'price',
  sku: 'sku',
  stock: 'qty',
  status: 'status',
  compareAtCents: 'compareAt',
};
const VARIANTS_PRODUCT_COLUMNS: Record<string, ColumnKey> = {
  ...SIMPLE_COLUMNS,
  priceCents: 'productPrice',
  sku: 'productSku',
  compareAtCents: 'productCompareAt',
};
const VARIANT_COLUMNS: Record<string, ColumnKey | string> = {
  label: 'label',
  sku: 'sku',
  priceDeltaCents: 'price',
  stock: 'qty',
  attributes: 'Option1 Value',
  compareAtCents: 'compareAt',
};
