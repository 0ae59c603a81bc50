import { catalogMsg, parseEuroToCents, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '@vetrina/shared';
import { csvMsg } from '@vetrina/shared/csv';

/** A cell read as a value, or the Italian reason it cannot be. */
export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(message: string): Read<T> => ({ ok: false, message });

/**
 * Euros as Shopify writes them ('12.90') or as Italian Excel does ('12,90', '€ 12,90'), to cents.
 * Empty is null: the caller decides whether the price is required.
 */
export function readMoney(text: string, invalid: string = catalogMsg.priceInvalid): Read<number | null> {
  const t = text.trim();
  if (t === '') return ok(null);
  if (t.startsWith('-')) return fail(catalogMsg.priceNegative);
  const cents = parseEuroToCents(t);
  if (cents === null) return fail(invalid);
  if (cents > 100_000_000) return fail(catalogMsg.priceTooHigh);
  return ok(cents);
}

/** A stock quantity: a whole number ('12', or '12.0' / '12,0' as spreadsheets sometimes write it). */
export function readQty(text: string): Read<number | null> {
  const t = text.trim();
  if (t === '') return ok(null);
  const m = /^(\d{1,7})(?:[.,]0+)?$/.exec(t);
  if (!m) return fail(csvMsg.stockInvalid);
  const n = Number(m[1]);
  return n > 1_000_000 ? fail('La giacenza non può superare 1.000.000') : ok(n);
}

const STATUS_WORDS = new Map<string, ProductStatus>([
  ...PRODUCT_STATUSES.map((s) => [s, s] as const),
  ...Object.entries(PRODUCT_STATUS_LABELS).map(([s, label]) => [label.toLowerCase(), s as ProductStatus] as const),
]);

/** Shopify's active/draft/archived, or our Italian labels (Attivo, Bozza, Archiviato). Empty is null. */
export function readStatus(text: string): Read<ProductStatus | null> {
  const t = text.trim().toLowerCase();
  if (t === '') return ok(null);
  const s = STATUS_WORDS.get(t);
  return s ? ok(s) : fail(csvMsg.statusInvalid);
}

const TRUE_WORDS = new Set(['true', 'vero', '1', 'yes', 'sì', 'si']);
const FALSE_WORDS = new Set(['false', 'falso', '0', 'no']);

/** Shopify's TRUE/FALSE, which Excel in Italian shows and saves as VERO/FALSO. Empty is null. */
export function readPublished(text: string): Read<boolean | null> {
  const t = text.trim().toLowerCase();
  if (t === '') return ok(null);
  if (TRUE_WORDS.has(t)) return ok(true);
  if (FALSE_WORDS.has(t)) return ok(false);
  return fail(csvMsg.publishedInvalid);
}
