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

/** What planning accumulates over the file's products: the plan so far and what the rows already used. */
interface Planner {
  cols: ProductColumns;
  state: StoreState;
  errors: ImportRowError[];
  products: PlannedProduct[];
  /** SKU key → the line that first named it. */
  seenSkus: Map<string, number>;
  takenSlugs: Set<string>;
  /** Category key (slug) → existing id. */
  categoryIds: Map<string, string>;
  /** Lower-cased category name → its key. */
  byName: Map<string, string>;
  newCategories: Map<string, string>;
  sample: ImportSampleRow[];
  counts: { products: { create: number; update: number }; variants: { create: number; update: number } };
  hasImages: boolean;
}

/** What every row of one product shares: read from its first row. */
interface ProductHead {
  first: CsvRow;
  existing: ExistingProduct | null;
  title: string;
  handle: string;
  description: string;
  status: ProductData['status'];
  category: string | null | undefined;
  action: 'create' | 'update';
  /** How many errors the file had before this product: any more and it is left out of the plan. */
  errorsBefore: number;
}

type SkuOwnerOf = (owner: { productId: string; variantId: string | null }) => boolean;

/** Products, variants and categories the file would create or change, every row checked with the catalogue's own rules. */
export function planImport(groups: Group[], cols: ProductColumns, state: StoreState, errors: ImportRowError[]): ImportPlan {
  const p = newPlanner(groups, cols, state, errors);
  for (const group of groups) planProduct(p, group);
  return planOf(p, groups);
}

function newPlanner(groups: Group[], cols: ProductColumns, state: StoreState, errors: ImportRowError[]): Planner {
  const categoryIds = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const c of state.categories) {
    categoryIds.set(c.slug, c.id);
    byName.set(c.name.trim().toLowerCase(), c.slug);
  }
  return {
    cols,
    state,
    errors,
    products: [],
    seenSkus: new Map(),
    takenSlugs: new Set([...state.slugs, ...groups.map((g) => g.handle).filter(Boolean)]),
    categoryIds,
    byName,
    newCategories: new Map(),
    sample: [],
    counts: { products: { create: 0, update: 0 }, variants: { create: 0, update: 0 } },
    hasImages: false,
  };
}

/** An error on a row, in the column a key names (or a header name as it is, or the whole row). */
function err(p: Planner, line: number, key: ColumnKey | string | null, message: string): void {
  // Column keys have no spaces; a name with one ('Option1 Value') is already the header's.
  const isKey = (k: string): k is ColumnKey => !k.includes(' ');
  p.errors.push({ line, column: key === null ? null : isKey(key) ? p.cols.name(key) : key, message });
}

/** A SKU seen twice in the file, or held in the store by someone `allowed` refuses. */
function checkSku(p: Planner, line: number, column: ColumnKey, sku: string, allowed: SkuOwnerOf): boolean {
  const key = skuKey(sku);
  const before = p.seenSkus.get(key);
  if (before !== undefined) {
    err(p, line, column, csvMsg.skuRepeated(sku, before));
    return false;
  }
  p.seenSkus.set(key, line);
  const owner = p.state.skuOwners.get(key);
  if (owner && !allowed(owner)) {
    err(p, line, column, csvMsg.skuTaken(sku));
    return false;
  }
  return true;
}

/** The row's category key: an existing one by name, a new one (within the store's limit), null for none, undefined when the file has no such column. */
function resolveCategory(p: Planner, row: CsvRow): string | null | undefined {
  const { cols } = p;
  if (!cols.has('type') && !cols.has('productCategory')) return undefined;
  const typed = cols.get(row, 'type').trim() || (cols.get(row, 'productCategory').split('>').pop() ?? '').trim();
  if (!typed) return null;
  const column = cols.has('type') ? 'type' : 'productCategory';
  if (typed.length > 100) return (err(p, row.line, column, csvMsg.categoryTooLong), null);
  const known = p.byName.get(typed.toLowerCase());
  if (known) return known;
  const slug = categorySlug(typed);
  if (!slug) return (err(p, row.line, column, catalogMsg.slugEmpty), null);
  if (!p.categoryIds.has(slug) && !p.newCategories.has(slug)) {
    if (p.state.categories.length + p.newCategories.size >= CATALOG_LIMITS.categoriesPerStore) {
      return (err(p, row.line, column, csvMsg.tooManyCategories(CATALOG_LIMITS.categoriesPerStore)), null);
    }
    p.newCategories.set(slug, typed);
  }
  p.byName.set(typed.toLowerCase(), slug);
  return slug;
}

function statusOf(p: Planner, row: CsvRow, existing: ExistingProduct | null): ProductData['status'] {
  const s = readStatus(p.cols.get(row, 'status'));
  if (!s.ok) err(p, row.line, 'status', s.message);
  else if (s.value) return s.value;
  const published = readPublished(p.cols.get(row, 'published'));
  if (!published.ok) err(p, row.line, 'published', published.message);
  else if (published.value !== null) return published.value ? 'active' : 'draft';
  // Never unpublished by an empty cell: an existing product keeps its status, a new one is a draft (as in the form).
  return existing?.status ?? 'draft';
}

/** Zod issues of the catalogue's schemas, each on the column it came from. */
function schemaErrors(p: Planner, line: number, error: ZodError, columnOf: Record<string, ColumnKey | string>): void {
  for (const issue of error.issues) err(p, line, columnOf[String(issue.path[0] ?? '')] ?? null, issue.message);
}

/** The row's option pairs (names from the product's first row when the row leaves them empty), without Shopify's 'Default Title'. */
function optionsOf(p: Planner, row: CsvRow, first: CsvRow): Array<{ key: string; value: string }> {
  const { cols } = p;
  const pairs: Array<{ key: string; value: string }> = [];
  for (const n of cols.optionNumbers) {
    const { name, value } = cols.option(row, n);
    if (!value) continue;
    const key = name || cols.option(first, n).name;
    if (key.toLowerCase() === DEFAULT_TITLE.name && value.toLowerCase() === DEFAULT_TITLE.value) continue;
    if (!key) {
      err(p, row.line, cols.optionName(n), csvMsg.optionNameMissing(n));
      continue;
    }
    pairs.push({ key, value });
  }
  return pairs;
}

/** A free slug from the title for a product the file gives no handle (-2, -3… when taken). */
function freeHandle(p: Planner, title: string): string {
  const base = productSlugFromTitle(title);
  let n = 1;
  while (p.takenSlugs.has(numberedSlug(base, n))) n++;
  const handle = numberedSlug(base, n);
  p.takenSlugs.add(handle);
  return handle;
}

/** One product of the file (its group of rows): sold on its own, or with variants, one per row. */
function planProduct(p: Planner, group: Group): void {
  const { cols } = p;
  const first = group.rows[0] as CsvRow;
  const errorsBefore = p.errors.length;
  const existing = group.handle ? (p.state.existing.get(group.handle) ?? null) : null;
  const title = cols.get(first, 'title').trim();
  if (!title) err(p, first.line, 'title', csvMsg.titleRequired);
  const handle = group.handle || freeHandle(p, title);
  const units = group.rows.filter((r) => !isImageOnly(r, cols));
  if (group.rows.some((r) => cols.get(r, 'imageSrc').trim() || cols.get(r, 'variantImage').trim())) p.hasImages = true;
  const description = cols.has('body') ? cols.get(first, 'body') : (existing?.description ?? '');
  const status = statusOf(p, first, existing);
  const category = resolveCategory(p, first);
  const simple = units.length === 1 && optionsOf(p, units[0] as CsvRow, first).length === 0 && !cols.get(units[0] as CsvRow, 'label').trim();
  const head: ProductHead = { first, existing, title, handle, description, status, category, action: existing ? 'update' : 'create', errorsBefore };
  if (simple) planSimpleProduct(p, head, units[0] as CsvRow);
  else planProductWithVariants(p, head, units);
}

/** A product sold on its own: its one row holds its price, SKU and stock. */
function planSimpleProduct(p: Planner, h: ProductHead, row: CsvRow): void {
  const { cols } = p;
  const { existing, title, handle } = h;
  const sku = cols.get(row, 'sku').trim();
  const price = readMoney(cols.get(row, 'price'));
  const compare = cols.has('compareAt')
    ? readMoney(cols.get(row, 'compareAt'), catalogMsg.compareAtInvalid)
    : { ok: true as const, value: existing?.compareAtCents ?? null };
  const qty = cols.has('qty') ? readQty(cols.get(row, 'qty')) : { ok: true as const, value: existing?.unit?.qty ?? 0 };
  if (!price.ok) err(p, row.line, 'price', price.message);
  else if (price.value === null) err(p, row.line, 'price', catalogMsg.priceRequired);
  if (!compare.ok) err(p, row.line, 'compareAt', compare.message);
  if (!qty.ok) err(p, row.line, 'qty', qty.message);
  if (!sku) err(p, row.line, 'sku', catalogMsg.skuRequired);
  else checkSku(p, row.line, 'sku', sku, (o) => existing !== null && o.productId === existing.id && o.variantId === null);
  const stock = qty.ok ? (qty.value ?? 0) : 0;
  if (existing && !existing.variants.length && existing.unit && qty.ok && stock < existing.unit.reserved) {
    err(p, row.line, 'qty', catalogMsg.belowReserved(existing.unit.reserved));
  }
  const parsed = productInputSchema.safeParse({
    title,
    slug: handle,
    description: h.description,
    priceCents: price.ok ? (price.value ?? 0) : 0,
    sku: sku || 'X',
    stock,
    status: h.status,
    compareAtCents: compare.ok ? compare.value : null,
  });
  if (!parsed.success) {
    if (title && sku && price.ok && compare.ok && qty.ok) schemaErrors(p, row.line, parsed.error, SIMPLE_COLUMNS);
  } else if (p.errors.length === h.errorsBefore) {
    p.products.push({ line: h.first.line, existing, data: parsed.data, category: h.category, variants: null, needsSku: false });
    p.counts.products[h.action]++;
    if (p.sample.length < CSV_LIMITS.sampleRows)
      p.sample.push({ line: row.line, handle, title, variant: null, sku, priceCents: parsed.data.priceCents, stock: parsed.data.stock, action: h.action });
  }
}

/** A product with variants: every row is one of them; the product's price is its own column or the lowest variant's. */
function planProductWithVariants(p: Planner, h: ProductHead, units: CsvRow[]): void {
  const { cols } = p;
  const { first, existing, title } = h;
  const productPrice = readMoney(cols.get(first, 'productPrice'));
  if (!productPrice.ok) err(p, first.line, 'productPrice', productPrice.message);
  const productCompare = cols.has('productCompareAt')
    ? readMoney(cols.get(first, 'productCompareAt'), catalogMsg.compareAtInvalid)
    : { ok: true as const, value: existing?.compareAtCents ?? null };
  if (!productCompare.ok) err(p, first.line, 'productCompareAt', productCompare.message);
  const productSku = cols.get(first, 'productSku').trim();
  if (productSku) checkSku(p, first.line, 'productSku', productSku, (o) => existing !== null && o.productId === existing.id && o.variantId === null);

  const rows = units.map((row) => {
    const price = readMoney(cols.get(row, 'price'));
    if (!price.ok) err(p, row.line, 'price', price.message);
    else if (price.value === null) err(p, row.line, 'price', catalogMsg.priceRequired);
    return { row, price: price.ok ? price.value : null };
  });
  const prices = rows.flatMap((r) => (r.price === null ? [] : [r.price]));
  const basePrice = productPrice.ok && productPrice.value !== null ? productPrice.value : (existing?.priceCents ?? (prices.length ? Math.min(...prices) : 0));
  const baseCompare = productCompare.ok ? productCompare.value : null;
  const { variants, sample } = planVariants(p, h, rows, basePrice, baseCompare);

  const parsed = productInputSchema.safeParse({
    title,
    slug: h.handle,
    description: h.description,
    priceCents: basePrice,
    sku: productSku || existing?.sku || 'X',
    stock: existing?.unit?.qty ?? 0,
    status: h.status,
    compareAtCents: baseCompare,
  });
  if (!parsed.success) {
    if (title) schemaErrors(p, first.line, parsed.error, VARIANTS_PRODUCT_COLUMNS);
    return;
  }
  if (p.errors.length > h.errorsBefore) return;
  p.products.push({ line: first.line, existing, data: parsed.data, category: h.category, variants, needsSku: !productSku && !existing });
  p.counts.products[h.action]++;
  for (const v of variants) p.counts.variants[v.existingId ? 'update' : 'create']++;
  p.sample.push(...sample.slice(0, CSV_LIMITS.sampleRows - p.sample.length));
}

/** The variants of one product, a row each: an existing one by its SKU, else a new one (within the product's limit). */
function planVariants(
  p: Planner,
  h: ProductHead,
  rows: Array<{ row: CsvRow; price: number | null }>,
  basePrice: number,
  baseCompare: number | null,
): { variants: PlannedVariant[]; sample: ImportSampleRow[] } {
  const { cols } = p;
  const { first, existing } = h;
  let newVariants = 0;
  const variants: PlannedVariant[] = [];
  const sample: ImportSampleRow[] = [];
  for (const { row, price } of rows) {
    const sku = cols.get(row, 'sku').trim();
    let existingId: string | null = null;
    if (!sku) err(p, row.line, 'sku', catalogMsg.skuRequired);
    else
      checkSku(p, row.line, 'sku', sku, (o) => {
        if (existing === null || o.productId !== existing.id) return false;
        if (o.variantId === null) return (err(p, row.line, 'sku', csvMsg.variantIsProduct(sku)), true);
        existingId = o.variantId;
        return true;
      });
    const current = existingId ? (existing?.variants.find((v) => v.id === existingId) ?? null) : null;
    const pairs = optionsOf(p, row, first);
    const label = cols.get(row, 'label').trim() || pairs.map((pair) => pair.value).join(' / ');
    if (!label) err(p, row.line, cols.optionValueName(cols.optionNumbers[0] ?? 1), csvMsg.variantNameMissing);
    const qty = cols.has('qty') ? readQty(cols.get(row, 'qty')) : { ok: true as const, value: current?.qty ?? 0 };
    if (!qty.ok) err(p, row.line, 'qty', qty.message);
    const stock = qty.ok ? (qty.value ?? 0) : 0;
    if (current && qty.ok && stock < current.reserved) err(p, row.line, 'qty', catalogMsg.belowReserved(current.reserved));
    const compare = cols.has('compareAt') ? readMoney(cols.get(row, 'compareAt'), catalogMsg.compareAtInvalid) : null;
    if (compare && !compare.ok) err(p, row.line, 'compareAt', compare.message);
    const delta = (price ?? basePrice) - basePrice;
    // The file holds what a shopper sees; one equal to the product's shifted by the difference is the inherited one.
    let ownCompare = compare ? (compare.ok ? compare.value : null) : (current?.compareAtCents ?? null);
    if (compare?.ok && ownCompare !== null && baseCompare !== null && ownCompare === baseCompare + delta) ownCompare = null;
    if (!existingId) newVariants++;
    if ((existing?.variants.length ?? 0) + newVariants === CATALOG_LIMITS.variantsPerProduct + 1) err(p, row.line, 'sku', catalogMsg.tooManyVariants);
    if (!existingId && existing && !existing.variants.length && (existing.unit?.reserved ?? 0) > 0 && newVariants === 1) {
      err(p, row.line, 'sku', catalogMsg.reservedBlocksVariants);
    }
    const parsed = variantInputSchema.safeParse({ label, sku: sku || 'X', priceDeltaCents: delta, stock, attributes: pairs, compareAtCents: ownCompare });
    if (!parsed.success) {
      if (sku && label) schemaErrors(p, row.line, parsed.error, VARIANT_COLUMNS);
      continue;
    }
    if (price !== null) {
      try {
        assertPrice(basePrice, parsed.data);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        err(p, row.line, e.extra.field === 'compareAtCents' ? 'compareAt' : 'price', e.message);
      }
    }
    variants.push({ line: row.line, existingId, data: parsed.data });
    sample.push({
      line: row.line,
      handle: h.handle,
      title: h.title,
      variant: label,
      sku,
      priceCents: price ?? 0,
      stock,
      action: existingId ? 'update' : 'create',
    });
  }
  return { variants, sample };
}

/** The plan and its summary (counts, notices, the first rows as a sample). */
function planOf(p: Planner, groups: Group[]): ImportPlan {
  const notices: string[] = [];
  if (p.cols.ignored.length) notices.push(csvMsg.unknownColumns(p.cols.ignored.slice(0, 12)));
  if (p.hasImages) notices.push(csvMsg.imagesIgnored);
  return {
    products: p.products,
    newCategories: p.newCategories,
    categoryIds: p.categoryIds,
    errors: p.errors,
    summary: {
      rows: groups.reduce((n, g) => n + g.rows.length, 0),
      products: p.counts.products,
      variants: p.counts.variants,
      categories: { create: p.newCategories.size },
      notices,
      sample: p.sample,
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
