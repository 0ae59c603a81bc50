/** Pure catalogue helpers shared by the server, the dashboard and their unit tests. */

/**
 * A category slug (spec §5): lowercase, accents folded, non-word characters removed,
 * spaces to hyphens, repeated hyphens collapsed; no hyphen at either end.
 */
export function categorySlug(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Longest product slug (the last part of the product's address). */
export const PRODUCT_SLUG_MAX = 80;

// Letters NFD does not split into a base letter and a mark.
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/**
 * A product title as the last part of its address: lowercase, accents folded (è→e, ç→c), every
 * run of other characters one hyphen, no hyphen at either end, at most 80 characters; a title
 * without letters or digits gives 'prodotto'. Uniqueness in the store is the server's job.
 */
export function productSlugFromTitle(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (c) => LIGATURES[c] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, PRODUCT_SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'prodotto';
}

/** The n-th candidate for a base slug: the base itself, then base-2, base-3… (shortened to stay within 80). */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, PRODUCT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

export const SKU_PREFIX = 'SKU-';

/** The store's n-th generated SKU: SKU-0001, SKU-0002, … SKU-9999, SKU-10000. */
export const formatSku = (n: number): string => `${SKU_PREFIX}${String(Math.max(1, Math.trunc(n))).padStart(4, '0')}`;

/** The number of a SKU in the generator's format (any case, any padding), else null. */
export function generatedSkuNumber(sku: string): number | null {
  const m = /^SKU-(\d{1,9})$/i.exec(sku.trim());
  return m ? Number(m[1]) : null;
}

/** SKUs are unique within a store regardless of case and surrounding spaces. */
export const skuKey = (sku: string): string => sku.trim().toUpperCase();

/** The forms a euro amount may be typed in, named by every message that refuses one. */
export const EURO_FORMS = '12,50 o 1.250,00';

/**
 * Euro text typed by a merchant or a shopper to integer cents: "12", "12.5", "12,50", "1.234,50",
 * "1,234.50", "-3,20" (when negatives are allowed). A dot followed by exactly three digits groups
 * thousands, as Italians write it: "1.250" is 1.250,00 € and "1.234.567" a million and more. With
 * both separators the last one is the decimal mark and the other must group thousands by three;
 * otherwise the one separator is the decimal mark, so "1,234" (3 decimals) is refused rather than
 * guessed. Null when it is not a valid amount.
 */
export function parseEuroToCents(input: string | number, { allowNegative = false } = {}): number | null {
  let text = String(input).replace(/[\s\u00a0\u202f€]/g, '');
  const grouped = /^(-?)(\d{1,3}([.,])\d{3}(?:\3\d{3})*)([.,])(\d*)$/.exec(text);
  if (grouped && grouped[3] !== grouped[4]) text = `${grouped[1]}${(grouped[2] ?? '').replace(/[.,]/g, '')}.${grouped[5]}`;
  else if (/^-?\d{1,3}(?:\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  else text = text.replace(',', '.');
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const [, minus, whole = '', frac = ''] = m;
  if ((!whole && !frac) || whole.length > 9 || frac.length > 2) return null;
  if (minus && !allowNegative) return null;
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  return minus && cents !== 0 ? -cents : cents;
}

/** Cents as the plain decimal text a price input holds ("12.50"). */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2);

/** A typed quantity below zero: refused with 'La quantità non può essere negativa', never saved as 0. */
export function isNegativeQuantity(input: string): boolean {
  const n = Number(input.trim().replace(',', '.'));
  return Number.isFinite(n) && n < 0;
}

/** Inventory quantities typed inline: anything that is not a number becomes 0, decimals are cut (negatives are refused first: isNegativeQuantity). */
export function quantityFromInput(input: string): number {
  const n = Number(input.trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 1_000_000) : 0;
}

/** Attribute pairs become a map; a pair is kept only if both key and value are filled. */
export function attributesFromPairs(pairs: ReadonlyArray<{ key: string; value: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of pairs) {
    const k = key.trim();
    const v = value.trim();
    if (k && v) out[k] = v;
  }
  return out;
}
