import { z } from 'zod';

/** Variants by options (docs/decisions/0042-variants-by-options.md): the variants are the options' combinations. */
/** `combinations` is VARIANT_OPTION_LIMITS.combinations (catalog.ts imports this file). */
export const VARIANT_OPTION_LIMITS = { options: 3, valuesPerOption: 100, combinations: 100, nameMax: 50, valueMax: 50 } as const;

export const variantOptionMsg = {
  nameRequired: 'Il nome dell’opzione è obbligatorio',
  noValues: (name: string) => `L’opzione "${name}" non ha valori: aggiungine almeno uno`,
  duplicateValue: (name: string, value: string) => `Il valore "${value}" è ripetuto nell’opzione "${name}"`,
  duplicateOption: (name: string) => `L’opzione "${name}" è ripetuta`,
  tooManyOptions: `Puoi aggiungere al massimo ${VARIANT_OPTION_LIMITS.options} opzioni`,
  tooManyValues: `Un’opzione può avere al massimo ${VARIANT_OPTION_LIMITS.valuesPerOption} valori`,
  tooManyCombinations: (n: number) =>
    `Al massimo ${VARIANT_OPTION_LIMITS.combinations} varianti per prodotto: queste opzioni ne creerebbero ${n}. Riduci i valori.`,
  nameTooLong: `Il nome di un’opzione può contenere al massimo ${VARIANT_OPTION_LIMITS.nameMax} caratteri`,
  valueTooLong: `Un valore può contenere al massimo ${VARIANT_OPTION_LIMITS.valueMax} caratteri`,
  valueRequired: 'Un valore non può essere vuoto',
  skuRepeated: (sku: string) => `Lo SKU "${sku}" è ripetuto tra le varianti: rendili diversi`,
  skuTaken: (sku: string) => `Lo SKU "${sku}" è già usato da un altro prodotto o variante dello store`,
  unknownCombination: (label: string) => `La variante "${label}" non corrisponde ai valori delle opzioni`,
  variantValuesCount: 'Ogni variante indica un valore per ciascuna opzione',
} as const;

export const variantOptionSchema = z.strictObject({
  name: z
    .string({ error: variantOptionMsg.nameRequired })
    .trim()
    .min(1, variantOptionMsg.nameRequired)
    .max(VARIANT_OPTION_LIMITS.nameMax, variantOptionMsg.nameTooLong),
  values: z
    .array(z.string().trim().min(1, variantOptionMsg.valueRequired).max(VARIANT_OPTION_LIMITS.valueMax, variantOptionMsg.valueTooLong))
    .max(VARIANT_OPTION_LIMITS.valuesPerOption, variantOptionMsg.tooManyValues),
});
export type VariantOption = z.infer<typeof variantOptionSchema>;

/** Values compare without case: 'Rosso' and 'rosso' are one value. */
export const optionKey = (value: string): string => value.trim().toLocaleLowerCase('it-IT');

/** The first rule an option list breaks (Italian message), or null. */
export function optionsProblem(options: readonly VariantOption[]): string | null {
  if (options.length > VARIANT_OPTION_LIMITS.options) return variantOptionMsg.tooManyOptions;
  const names = new Set<string>();
  for (const o of options) {
    if (names.has(optionKey(o.name))) return variantOptionMsg.duplicateOption(o.name);
    names.add(optionKey(o.name));
    if (o.values.length === 0) return variantOptionMsg.noValues(o.name);
    const seen = new Set<string>();
    for (const v of o.values) {
      if (seen.has(optionKey(v))) return variantOptionMsg.duplicateValue(o.name, v);
      seen.add(optionKey(v));
    }
  }
  const n = combinationCount(options);
  if (n > VARIANT_OPTION_LIMITS.combinations) return variantOptionMsg.tooManyCombinations(n);
  return null;
}

export function combinationCount(options: readonly VariantOption[]): number {
  return options.length ? options.reduce((n, o) => n * o.values.length, 1) : 0;
}

/** Every combination of one value per option, in the options' order (Rosso/S, Rosso/M, …, Blu/L). Call after optionsProblem. */
export function optionCombinations(options: readonly VariantOption[]): string[][] {
  if (!options.length) return [];
  return options.reduce<string[][]>((acc, o) => acc.flatMap((combo) => o.values.map((v) => [...combo, v])), [[]]);
}

/** One key per combination, case-insensitive: how a variant is matched to its values. */
export const combinationKey = (values: readonly string[]): string => values.map(optionKey).join('\u0000');

/** The variant's label: 'Rosso / M'. */
export const combinationLabel = (values: readonly string[]): string => values.join(' / ');

/** The variant's attributes: { Colore: 'Rosso', Taglia: 'M' }. */
export function combinationAttributes(options: readonly VariantOption[], values: readonly string[]): Record<string, string> {
  return Object.fromEntries(options.map((o, i) => [o.name, values[i] ?? '']));
}

/** The values of an existing variant's attributes for these options (case-insensitive names), or null when one is missing. */
export function valuesFromAttributes(options: readonly VariantOption[], attributes: Record<string, string>): string[] | null {
  const byName = new Map(Object.entries(attributes).map(([k, v]) => [optionKey(k), v]));
  const values = options.map((o) => byName.get(optionKey(o.name)));
  return values.every((v): v is string => typeof v === 'string' && v.trim() !== '') ? values : null;
}

const skuPart = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The suggested SKU of a combination: the product's SKU and the values, MAGLIA-ROSSO-M (at most 64 characters). */
export function suggestVariantSku(productSku: string, values: readonly string[]): string {
  const parts = [productSku.trim().toUpperCase(), ...values.map(skuPart)].filter((p) => p !== '');
  return parts
    .join('-')
    .slice(0, 64)
    .replace(/[-._/]+$/, '');
}
