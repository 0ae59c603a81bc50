import { csvMsg } from '@vetrina/shared/csv';
import { badRequest } from '../../lib/errors.js';
import type { CsvRow } from './read.js';

/**
 * The columns the import understands: our export's names (Shopify's classic product CSV) and the
 * names of Shopify's newer export, matched without regard to case. Anything else is ignored and
 * listed in the preview.
 */
const ALIASES = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  type: ['Type'],
  productCategory: ['Product Category'],
  published: ['Published', 'Published on online store'],
  status: ['Status'],
  sku: ['Variant SKU', 'SKU'],
  qty: ['Variant Inventory Qty', 'Inventory quantity'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position'],
  variantImage: ['Variant Image', 'Variant image URL'],
  label: ['Variant Label'],
  productSku: ['Product SKU'],
  productPrice: ['Product Price'],
  productCompareAt: ['Product Compare At Price'],
} as const;
export type ColumnKey = keyof typeof ALIASES;

/** Attributes beyond Shopify's three options go to Option4…Option20 (a variant holds at most 20). */
export const MAX_OPTIONS = 20;
const REQUIRED: ColumnKey[] = ['title', 'sku', 'price'];

export interface ProductColumns {
  /** The value of a column in a row ('' when the file has no such column or the row is short). */
  get(row: CsvRow, key: ColumnKey): string;
  has(key: ColumnKey): boolean;
  /** The column's name as the file's header writes it (for messages). */
  name(key: ColumnKey): string;
  option(row: CsvRow, n: number): { name: string; value: string };
  /** Option numbers the file has a value column for. */
  optionNumbers: number[];
  optionName(n: number): string;
  optionValueName(n: number): string;
  ignored: string[];
}

const norm = (s: string) => s.trim().toLowerCase();

export function mapColumns(header: string[]): ProductColumns {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const k = norm(h);
    if (!k) return;
    if (index.has(k)) throw badRequest(csvMsg.duplicateColumn(h), 'file');
    index.set(k, i);
  });
  const used = new Set<number>();
  const pos = new Map<ColumnKey, number>();
  for (const [key, names] of Object.entries(ALIASES) as Array<[ColumnKey, readonly string[]]>) {
    for (const n of names) {
      const i = index.get(norm(n));
      if (i !== undefined) {
        pos.set(key, i);
        used.add(i);
        break;
      }
    }
  }
  const optionPos = new Map<number, { name?: number; value?: number }>();
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const name = index.get(`option${n} name`);
    const value = index.get(`option${n} value`);
    if (name !== undefined) used.add(name);
    if (value !== undefined) used.add(value);
    if (name !== undefined || value !== undefined) optionPos.set(n, { name, value });
  }
  for (const key of REQUIRED) if (!pos.has(key)) throw badRequest(csvMsg.missingColumn(ALIASES[key][0]), 'file');
  const cell = (row: CsvRow, i: number | undefined) => (i === undefined ? '' : (row.cells[i] ?? ''));
  return {
    get: (row, key) => cell(row, pos.get(key)),
    has: (key) => pos.has(key),
    name: (key) => {
      const i = pos.get(key);
      return i === undefined ? ALIASES[key][0] : (header[i] ?? ALIASES[key][0]);
    },
    option: (row, n) => ({ name: cell(row, optionPos.get(n)?.name).trim(), value: cell(row, optionPos.get(n)?.value).trim() }),
    optionNumbers: [...optionPos.entries()].filter(([, p]) => p.value !== undefined).map(([n]) => n),
    optionName: (n) => `Option${n} Name`,
    optionValueName: (n) => `Option${n} Value`,
    ignored: header.filter((h, i) => h.trim() !== '' && !used.has(i)),
  };
}
