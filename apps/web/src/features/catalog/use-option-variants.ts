import { useEffect, useMemo, useState } from 'react';
import {
  catalogMsg,
  combinationCount,
  combinationKey,
  optionCombinations,
  optionKey,
  optionsProblem,
  parseEuroToCents,
  valuesFromAttributes,
  VARIANT_OPTION_LIMITS,
  variantOptionMsg,
  type OptionVariantInput,
  type ProductDetail,
  type ProductImage,
  type VariantOption,
} from '@vetrina/shared';
import { euroInputFromCents } from '@/lib/format';

/** One row of the variants table as typed (money as text, parsed on save). */
export interface OptionRow {
  priceDelta: string;
  compareAt: string;
  stock: string;
  /** Empty: the server takes the suggested SKU. */
  sku: string;
  image: ProductImage | null;
  imageChanged: boolean;
  variantId?: string;
}

const blankRow = (): OptionRow => ({ priceDelta: '', compareAt: '', stock: '0', sku: '', image: null, imageChanged: false });

function rowsOf(product: ProductDetail | undefined): Map<string, OptionRow> {
  const rows = new Map<string, OptionRow>();
  const options = product?.options ?? [];
  for (const v of product?.variants ?? []) {
    const values = options.length ? valuesFromAttributes(options, v.attributes) : null;
    if (!values) continue;
    rows.set(combinationKey(values), {
      priceDelta: v.priceDeltaCents ? euroInputFromCents(v.priceDeltaCents) : '',
      compareAt: v.compareAtCents !== null ? euroInputFromCents(v.compareAtCents) : '',
      stock: String(v.stock),
      sku: v.sku,
      image: v.image,
      imageChanged: false,
      variantId: v.id,
    });
  }
  return rows;
}

/**
 * The product form's 'Opzioni' and the table of their combinations (docs/decisions/0042):
 * saved with the product in one request, also before its first save.
 */
export function useOptionVariants(product: ProductDetail | undefined) {
  const [options, setOptions] = useState<VariantOption[]>(product?.options ?? []);
  const [rows, setRows] = useState<Map<string, OptionRow>>(() => rowsOf(product));
  const [error, setError] = useState<string | null>(null);
  const [rowsTouched, setRowsTouched] = useState(false);
  // An edit in the single-variant dialog reloads the product: its rows follow.
  useEffect(() => setRows((current) => new Map([...current, ...rowsOf(product)])), [product]);

  // The table previews the options with values so far (none when there would be too many).
  const combinations = useMemo(() => {
    const filled = options.filter((o) => o.values.length);
    return combinationCount(filled) <= VARIANT_OPTION_LIMITS.combinations ? optionCombinations(filled) : [];
  }, [options]);
  const rowOf = (values: string[]) => rows.get(combinationKey(values)) ?? blankRow();
  const setRow = (values: string[], patch: Partial<OptionRow>) => {
    setRowsTouched(true);
    setRows((current) => new Map(current).set(combinationKey(values), { ...(current.get(combinationKey(values)) ?? blankRow()), ...patch }));
  };
  const changed = rowsTouched || JSON.stringify(options) !== JSON.stringify(product?.options ?? []);

  /** The saved variants that a removed value would take away. */
  const variantsWith = (optionIndex: number, value?: string) =>
    [...rows.entries()].filter(([key, r]) => {
      if (!r.variantId) return false;
      const parts = key.split('\u0000');
      return value === undefined ? true : parts[optionIndex] === optionKey(value);
    }).length;

  /** The request's `options` and `variants`, or an Italian message when something is wrong. */
  function payload(): { options: VariantOption[]; variants: OptionVariantInput[] } | { error: string } {
    if (options.some((o) => !o.name.trim())) return { error: variantOptionMsg.nameRequired };
    const problem = optionsProblem(options);
    if (problem) return { error: problem };
    const variants: OptionVariantInput[] = [];
    for (const values of optionCombinations(options)) {
      const r = rowOf(values);
      const delta = r.priceDelta.trim() === '' ? 0 : parseEuroToCents(r.priceDelta, { allowNegative: true });
      if (delta === null) return { error: catalogMsg.deltaInvalid };
      const compareAt = r.compareAt.trim() === '' ? null : parseEuroToCents(r.compareAt);
      if (compareAt === null && r.compareAt.trim() !== '') return { error: catalogMsg.compareAtInvalid };
      const stock = r.stock.trim() === '' ? 0 : Number(r.stock);
      if (!Number.isInteger(stock) || stock < 0) return { error: catalogMsg.stockInvalid };
      variants.push({
        values,
        sku: r.sku.trim(),
        priceDeltaCents: delta,
        compareAtCents: compareAt,
        stock,
        ...(r.imageChanged ? { imageId: r.image?.id ?? null } : {}),
      });
    }
    return { options, variants };
  }

  return { options, setOptions, combinations, rowOf, setRow, changed, variantsWith, payload, error, setError };
}
export type OptionVariants = ReturnType<typeof useOptionVariants>;
