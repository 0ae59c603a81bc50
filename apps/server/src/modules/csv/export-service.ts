import { bulkMsg, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, variantCompareAtCents } from '@vetrina/shared';
import { ORDER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS, type OrdersExportScope } from '@vetrina/shared/csv';
import { romeDateTime, romeDayStart } from '@vetrina/shared/shop-day';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import type { StoreMembership } from '../../plugins/guard.js';
import { audit, type AuditActor } from '../audit/service.js';
import { parseJson } from '../catalog/json.js';
import type { CsvDialect } from './dialect.js';
import { csvRepo } from './repo.js';

/** Products read per round trip: the file is streamed, never built whole in memory. */
const PAGE = 200;

type Row = Record<string, string | number | null>;

const lineOf = (d: CsvDialect, columns: readonly string[], row: Row) => d.line(columns.map((c) => row[c] ?? ''));

/** Option columns: Shopify's three always, more when a variant of the store has more attributes. */
async function optionCount(db: Db, storeId: string): Promise<number> {
  let most = 3;
  let after: string | null = null;
  for (;;) {
    const page = await csvRepo(db).variantAttributesPage(storeId, after, 5000);
    for (const v of page) most = Math.max(most, Object.keys(parseJson<Record<string, string>>(v.attributes, {})).length);
    if (page.length < 5000) return most;
    after = (page[page.length - 1] as (typeof page)[number]).id;
  }
}

/**
 * A selection to export ('Esporta CSV' of a table's ticked rows) names only the store's rows:
 * checked before the file starts, so another store's id is a 404, not a shorter file.
 */
async function assertSelection(db: Db, storeId: string, kind: 'products' | 'orders', ids: string[]): Promise<void> {
  const own = kind === 'products' ? await csvRepo(db).ownProducts(storeId, ids) : await csvRepo(db).ownOrders(storeId, ids);
  if (own !== ids.length) throw notFound(kind === 'products' ? bulkMsg.productsNotFound : bulkMsg.ordersNotFound);
}

/** Rows grouped by a key, for joining one page's products with their units, variants and images. */
function groupBy<T>(items: T[], key: (t: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function productColumns(options: number): string[] {
  const extra = Array.from({ length: Math.max(0, options - 3) }, (_, i) => [`Option${i + 4} Name`, `Option${i + 4} Value`]).flat();
  const at = PRODUCT_CSV_COLUMNS.indexOf('Variant SKU');
  return [...PRODUCT_CSV_COLUMNS.slice(0, at), ...extra, ...PRODUCT_CSV_COLUMNS.slice(at)];
}

/**
 * The store's catalogue as Shopify's product CSV (docs/decisions/0022-csv.md): one row per variant (a
 * product without variants is one row); product fields only on a product's first row; the
 * gallery's images one per row after the first as Shopify does, on rows of their own when they
 * outnumber the variants. In the dialect asked (./dialect.ts). With `ids`, only those products (assertSelection first).
 */
async function* exportProducts(db: Db, storeId: string, d: CsvDialect, ids?: string[]): AsyncGenerator<string> {
  const euroText = d.money;
  const columns = productColumns(await optionCount(db, storeId));
  yield d.start + d.line(columns);
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page = await csvRepo(db).exportPage(storeId, after, PAGE, ids);
    if (!page.length) return;
    const { units, variants, images } = await csvRepo(db).exportExtras(page.map((p) => p.id));
    const variantsOf = groupBy(variants, (v) => v.product_id);
    const galleryOf = groupBy(images, (i) => (i.variant_id === null ? i.product_id : null));
    const variantImage = new Map(images.flatMap((i) => (i.variant_id ? [[i.variant_id, i.url] as const] : [])));
    const qtyOf = new Map(units.map((u) => [u.variant_id ?? `p:${u.product_id}`, u.qty]));
    let chunk = '';
    for (const p of page) {
      const own = variantsOf.get(p.id) ?? [];
      const gallery = galleryOf.get(p.id) ?? [];
      const productRow: Row = {
        Handle: p.slug,
        Title: p.title,
        'Body (HTML)': p.description,
        Type: p.category,
        Published: p.status === 'active' ? 'TRUE' : 'FALSE',
        Status: p.status,
      };
      const rows: Row[] = [];
      if (!own.length) {
        rows.push({
          ...productRow,
          'Variant SKU': p.sku,
          'Variant Inventory Qty': qtyOf.get(`p:${p.id}`) ?? 0,
          'Variant Price': euroText(p.price_cents),
          'Variant Compare At Price': euroText(p.compare_at_cents),
        });
      } else {
        own.forEach((v, i) => {
          const attributes = Object.entries(parseJson<Record<string, string>>(v.attributes, {}));
          const row: Row = i === 0 ? { ...productRow } : { Handle: p.slug };
          attributes.forEach(([name, value], k) => {
            row[`Option${k + 1} Name`] = name;
            row[`Option${k + 1} Value`] = value;
          });
          Object.assign(row, {
            'Variant SKU': v.sku,
            'Variant Inventory Qty': qtyOf.get(v.id) ?? 0,
            'Variant Price': euroText(p.price_cents + v.price_delta_cents),
            'Variant Compare At Price': euroText(
              variantCompareAtCents(p.compare_at_cents, { compareAtCents: v.compare_at_cents, priceDeltaCents: v.price_delta_cents }),
            ),
            'Variant Image': variantImage.get(v.id) ?? '',
            'Variant Label': v.label,
          });
          if (i === 0)
            Object.assign(row, { 'Product SKU': p.sku, 'Product Price': euroText(p.price_cents), 'Product Compare At Price': euroText(p.compare_at_cents) });
          rows.push(row);
        });
      }
      gallery.forEach((img, i) => {
        const target = rows[i] ?? (rows[rows.length] = { Handle: p.slug });
        target['Image Src'] = img.url;
        target['Image Position'] = i + 1;
      });
      for (const row of rows) chunk += lineOf(d, columns, row);
    }
    yield chunk;
    const last = page[page.length - 1] as (typeof page)[number];
    after = { createdAt: last.created_at, id: last.id };
  }
}

const ORDERS_PAGE = 500;

const nextDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Orders placed in the range (Italian calendar days, both included), one row per order line, the
 * order's own columns repeated on each line as Shopify's order export does (a filter or a pivot
 * table in Excel then works on any row). Money and separators as the dialect has them (./dialect.ts). Or
 * the orders of a table's selection (assertSelection first).
 */
async function* exportOrders(db: Db, storeId: string, scope: OrdersExportScope, d: CsvDialect): AsyncGenerator<string> {
  const where = 'ids' in scope ? { ids: scope.ids } : { fromIso: romeDayStart(scope.from), toIso: romeDayStart(nextDay(scope.to)) };
  const money = d.money;
  yield d.start + d.line(ORDER_CSV_COLUMNS);
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const orders = await csvRepo(db).ordersPage(storeId, where, after, ORDERS_PAGE);
    if (!orders.length) return;
    const lines = await csvRepo(db).orderLines(orders.map((o) => o.id));
    const linesOf = groupBy(lines, (l) => l.order_id);
    let chunk = '';
    for (const o of orders) {
      const order: Row = {
        'Numero ordine': o.order_number,
        Data: romeDateTime(o.created_at),
        Stato: ORDER_STATUS_LABELS[o.status],
        'Metodo di pagamento': PAYMENT_METHOD_LABELS[o.payment_method],
        'Stato pagamento': PAYMENT_STATUS_LABELS[o.payment_status],
        Cliente: o.customer_name,
        Email: o.customer_email,
        Telefono: o.customer_phone,
        Indirizzo: o.shipping_street,
        CAP: o.shipping_postal_code,
        Città: o.shipping_city,
        Provincia: o.shipping_province,
        Paese: o.shipping_country,
        Subtotale: money(o.subtotal_cents),
        'Codice sconto': o.discount_code,
        Sconto: money(o.discount_cents),
        Spedizione: money(o.shipping_cents),
        Supplemento: money(o.surcharge_cents),
        Totale: money(o.total_cents),
      };
      for (const l of linesOf.get(o.id) ?? []) {
        chunk += lineOf(d, ORDER_CSV_COLUMNS, {
          ...order,
          Prodotto: l.title,
          Variante: l.variant_label,
          Quantità: l.quantity,
          'Prezzo unitario': money(l.unit_price_cents),
          'Totale riga': money(l.total_price_cents),
        });
      }
    }
    yield chunk;
    const last = orders[orders.length - 1] as (typeof orders)[number];
    after = { createdAt: last.created_at, id: last.id };
  }
}

type Member = Pick<StoreMembership, 'storeId'>;

/** '01/11/2026' from '2026-11-01'. */
const italianDay = (day: string) => day.split('-').reverse().join('/');

/** What an export holds, as 'Registro attività' names it. */
function exportSummary(kind: 'products' | 'orders', scope: { ids?: string[]; from?: string; to?: string }): string {
  const [one, what] = kind === 'products' ? ['prodotto', 'prodotti'] : ['ordine', 'ordini'];
  if (scope.ids) return `Esportazione CSV di ${scope.ids.length === 1 ? `1 ${one} selezionato` : `${scope.ids.length} ${what} selezionati`}`;
  if (scope.from && scope.to) return `Esportazione CSV degli ${what} dal ${italianDay(scope.from)} al ${italianDay(scope.to)}`;
  return `Esportazione CSV dei ${what}`;
}

/** The CSV exports, streamed: the member's store first, then what to export and in which dialect. */
export function csvExportService(ctx: AppContext) {
  return {
    assertSelection: (member: Member, kind: 'products' | 'orders', ids: string[]) => assertSelection(ctx.db, member.storeId, kind, ids),
    /** Who exported what ('Registro attività', kind 'exports'), written before the file starts. */
    recorded: (member: AuditActor, kind: 'products' | 'orders', scope: { ids?: string[]; from?: string; to?: string }, file: string) =>
      audit.record(ctx.db, member, {
        kind: 'exports',
        action: `exports.${kind}`,
        summary: exportSummary(kind, scope),
        subject: { type: 'export', id: file, label: file },
      }),
    products: (member: Member, input: { dialect: CsvDialect; ids?: string[] }) => exportProducts(ctx.db, member.storeId, input.dialect, input.ids),
    orders: (member: Member, input: { scope: OrdersExportScope; dialect: CsvDialect }) => exportOrders(ctx.db, member.storeId, input.scope, input.dialect),
  };
}

export type CsvExportService = ReturnType<typeof csvExportService>;
