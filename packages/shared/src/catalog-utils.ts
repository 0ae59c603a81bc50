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

/**
 * Euro text typed by a merchant to integer cents: "12", "12.5", "12,50", "-3,20" (when negatives
 * are allowed). At most 2 decimals, no thousands separators. Null when it is not a valid amount.
 */
export function parseEuroToCents(input: string | number, { allowNegative = false } = {}): number | null {
  const text = String(input).trim().replace(/\s|€/g, '').replace(',', '.');
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

/** Inventory quantities typed inline: anything that is not a number becomes 0, decimals are cut. */
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
