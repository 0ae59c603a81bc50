import { z } from 'zod';
import { LIMITS, PRODUCT_STATUSES } from './constants.js';
import { attributesFromPairs, EURO_FORMS, parseEuroToCents, PRODUCT_SLUG_MAX } from './catalog-utils.js';
import { formatEuro } from './pricing.js';
import { vatCodeSchema, VAT_CODES } from './vat.js';
import { WITHDRAWAL_EXCLUSIONS, withdrawalExclusionSchema } from './returns.js';
import { productSortField, sortDirField, stockFilterField } from './table-sorts.js';
import {
  combinationKey,
  combinationLabel,
  optionCombinations,
  optionsProblem,
  VARIANT_OPTION_LIMITS,
  variantOptionMsg,
  variantOptionSchema,
} from './variant-options.js';

export * from './catalog-utils.js';
export * from './catalog-types.js';
export * from './variant-options.js';

/** Bounds that keep every catalogue list small enough to load at once or paginate. */
export const CATALOG_LIMITS = {
  productsPageSize: 24,
  inventoryPageSize: 50,
  variantsPerProduct: 100,
  categoriesPerStore: 200,
  /** Uploaded images not attached to a product within this time are deleted. */
  stagedImageTtlMs: 24 * 60 * 60 * 1000,
} as const;

/** Catalogue texts: spec wording where the spec has one (§5, §8), the same voice elsewhere. */
export const catalogMsg = {
  skuTakenTitle: 'SKU duplicato',
  skuTaken: 'Questo SKU è già utilizzato da un altro prodotto. Scegli uno SKU diverso.',
  variantRequiredTitle: 'Campi obbligatori',
  variantRequired: 'Label e SKU sono obbligatori',
  saveFirstTitle: 'Salva prima il prodotto',
  saveFirst: 'Devi salvare il prodotto prima di aggiungere varianti',
  titleRequired: 'Il titolo è obbligatorio',
  priceRequired: 'Il prezzo è obbligatorio',
  priceInvalid: `Inserisci un prezzo valido, ad esempio ${EURO_FORMS} (al massimo 2 decimali)`,
  priceNegative: 'Il prezzo non può essere negativo',
  priceTooHigh: 'Il prezzo non può superare 1.000.000 €',
  deltaInvalid: `Inserisci una differenza di prezzo valida, ad esempio -3,20 o 1.250,00 (al massimo 2 decimali, anche negativa)`,
  skuRequired: 'Lo SKU è obbligatorio',
  skuFormat: 'Lo SKU può contenere solo lettere, numeri, trattini, punti, barre e underscore',
  stockInvalid: 'La giacenza deve essere un numero intero maggiore o uguale a 0',
  qtyInvalid: 'La quantità deve essere un numero intero maggiore o uguale a 0',
  qtyNegative: 'La quantità non può essere negativa',
  tooManyImages: `Puoi caricare al massimo ${LIMITS.productImagesMax} immagini per prodotto`,
  categoryNameRequired: 'Il nome è obbligatorio',
  slugEmpty: 'Lo slug deve contenere almeno una lettera o un numero',
  slugTaken: 'Esiste già una categoria con questo slug in questo store. Scegline uno diverso.',
  productSlugInvalid: 'Slug non valido: usa lettere minuscole, numeri e trattini',
  productSlugTaken: 'Esiste già un prodotto con questo slug',
  statusInvalid: 'Stato non valido',
  productNotFound: 'Prodotto non trovato',
  withdrawalReason: 'Scegli perché il prodotto è escluso dal recesso',
  variantNotFound: 'Variante non trovata',
  categoryNotFound: 'Categoria non trovata',
  imageNotFound: 'Immagine non trovata',
  inventoryNotFound: 'Articolo di magazzino non trovato',
  belowReserved: (reserved: number) => `La quantità non può essere inferiore alle unità riservate da ordini aperti (${reserved}).`,
  variantPriceNegative: 'Il prezzo della variante (prezzo del prodotto più la differenza) non può essere negativo',
  productPriceBelowVariant: 'Con questo prezzo una variante avrebbe un prezzo negativo: riduci prima la sua differenza di prezzo',
  reservedBlocksVariants: 'Non puoi aggiungere varianti: il prodotto ha unità riservate da ordini aperti. Evadi o annulla prima quegli ordini.',
  tooManyVariants: `Un prodotto può avere al massimo ${CATALOG_LIMITS.variantsPerProduct} varianti`,
  tooManyCategories: `Hai raggiunto il numero massimo di categorie (${CATALOG_LIMITS.categoriesPerStore})`,
  sampleDataFailed: 'Impossibile creare i dati di esempio',
  compareAtInvalid: `Inserisci un prezzo pieno valido, ad esempio ${EURO_FORMS} (al massimo 2 decimali)`,
  compareAtNotAbove: 'Il prezzo pieno deve essere maggiore del prezzo di vendita',
  variantCompareAtNotAbove: (priceCents: number) =>
    `Il prezzo pieno della variante deve essere maggiore del suo prezzo di vendita (${formatEuro(priceCents)}, cioè il prezzo del prodotto più la differenza)`,
  priceAboveVariantCompareAt: 'Con questo prezzo una variante costerebbe quanto o più del suo prezzo pieno: modifica prima il prezzo pieno della variante',
} as const;

// Empty passes here so that a missing SKU reports only the "required" message.
const SKU_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9._/-]*)?$/;
const id = z.string().min(1).max(64);

export const productTitleField = z
  .string({ error: catalogMsg.titleRequired })
  .trim()
  .min(1, catalogMsg.titleRequired)
  .max(200, 'Il titolo può contenere al massimo 200 caratteri');
export const productDescriptionField = z.string().trim().max(5000, 'La descrizione può contenere al massimo 5000 caratteri');
export const skuField = z
  .string({ error: catalogMsg.skuRequired })
  .trim()
  .min(1, catalogMsg.skuRequired)
  .max(64, 'Lo SKU può contenere al massimo 64 caratteri')
  .regex(SKU_PATTERN, catalogMsg.skuFormat);
export const stockField = z
  .number({ error: catalogMsg.stockInvalid })
  .int(catalogMsg.stockInvalid)
  .min(0, catalogMsg.stockInvalid)
  .max(1_000_000, 'La giacenza non può superare 1.000.000');
export const productStatusField = z.enum(PRODUCT_STATUSES, { error: catalogMsg.statusInvalid });
/** A product's address in its store (/products/{slug}): lowercase words of letters and digits joined by single hyphens. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const productSlugField = z
  .string({ error: catalogMsg.productSlugInvalid })
  .trim()
  .min(1, catalogMsg.productSlugInvalid)
  .max(PRODUCT_SLUG_MAX, catalogMsg.productSlugInvalid)
  .regex(PRODUCT_SLUG_PATTERN, catalogMsg.productSlugInvalid);
const priceCentsField = z
  .number({ error: catalogMsg.priceRequired })
  .int(catalogMsg.priceInvalid)
  .min(0, catalogMsg.priceNegative)
  .max(100_000_000, catalogMsg.priceTooHigh);
/** 'Prezzo pieno' (sale-price.ts): optional; null or absent clears it. Above the price: checked with it. */
const compareAtCentsField = z
  .number({ error: catalogMsg.compareAtInvalid })
  .int(catalogMsg.compareAtInvalid)
  .min(0, catalogMsg.priceNegative)
  .max(100_000_000, catalogMsg.priceTooHigh)
  .nullable()
  .default(null);

const priceDeltaCentsField = z
  .number({ error: catalogMsg.deltaInvalid })
  .int(catalogMsg.deltaInvalid)
  .min(-100_000_000, catalogMsg.deltaInvalid)
  .max(100_000_000, catalogMsg.deltaInvalid)
  .default(0);

/**
 * One row of the variants table (a combination of the options' values, one per option in their
 * order). An empty SKU takes the suggested one (product SKU and values); `imageId` absent keeps the picture.
 */
export const optionVariantInputSchema = z.strictObject({
  values: z.array(z.string().trim().min(1, variantOptionMsg.valueRequired).max(50, variantOptionMsg.valueTooLong)).max(3, variantOptionMsg.variantValuesCount),
  sku: z.string().trim().max(64, 'Lo SKU può contenere al massimo 64 caratteri').regex(SKU_PATTERN, catalogMsg.skuFormat).default(''),
  priceDeltaCents: priceDeltaCentsField,
  compareAtCents: compareAtCentsField,
  stock: stockField.default(0),
  imageId: id.nullable().optional(),
});
export type OptionVariantInput = z.input<typeof optionVariantInputSchema>;
export type OptionVariantData = z.output<typeof optionVariantInputSchema>;

/**
 * Create or update a product. Prices travel as integer cents; imageIds is the gallery in order (first is the cover).
 * `slug` is optional: without it a new product's slug comes from its title and an existing one keeps its own.
 */
const productInputFields = z.strictObject({
  title: productTitleField,
  slug: productSlugField.optional(),
  description: productDescriptionField.default(''),
  priceCents: priceCentsField,
  sku: skuField,
  stock: stockField.default(0),
  categoryId: id.nullable().default(null),
  status: productStatusField.default('draft'),
  imageIds: z
    .array(id)
    .max(LIMITS.productImagesMax, catalogMsg.tooManyImages)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'Immagini ripetute'),
  compareAtCents: compareAtCentsField,
  /** 'Aliquota IVA': null uses the store's (Impostazioni → Fatturazione); absent keeps the product's (the store's for a new one). */
  vatCode: vatCodeSchema.nullable().optional(),
  /** 'Escluso dal recesso' and why (art. 59 Codice del Consumo); null: not excluded; absent keeps the product's. */
  withdrawalExclusion: withdrawalExclusionSchema.optional(),
  /**
   * 'Opzioni' (Colore: Rosso, Blu; Taglia: S, M, L): when given, the variants become their
   * combinations in the same transaction; absent keeps the variants as they are.
   */
  options: z.array(variantOptionSchema).max(VARIANT_OPTION_LIMITS.options, variantOptionMsg.tooManyOptions).optional(),
  /** The combinations' rows (price difference, 'Prezzo pieno', stock, SKU, picture); a combination without a row keeps its values or takes the defaults. */
  variants: z.array(optionVariantInputSchema).max(CATALOG_LIMITS.variantsPerProduct, catalogMsg.tooManyVariants).optional(),
});
export const productInputSchema = productInputFields
  .refine((p) => p.compareAtCents === null || p.compareAtCents > p.priceCents, {
    message: catalogMsg.compareAtNotAbove,
    path: ['compareAtCents'],
  })
  .superRefine((p, ctx) => {
    const options = p.options ?? [];
    const problem = optionsProblem(options);
    if (problem) return void ctx.addIssue({ code: 'custom', message: problem, path: ['options'] });
    if (!p.variants?.length) return;
    const combos = new Set(optionCombinations(options).map(combinationKey));
    const seen = new Set<string>();
    for (const [i, v] of p.variants.entries()) {
      const key = combinationKey(v.values);
      if (v.values.length !== options.length || !combos.has(key) || seen.has(key))
        return void ctx.addIssue({ code: 'custom', message: variantOptionMsg.unknownCombination(combinationLabel(v.values)), path: ['variants', i] });
      seen.add(key);
    }
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** Euro typed in a form, checked with the same rules the server applies to cents. */
const euroText = (allowNegative: boolean, invalid: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || allowNegative || !v.startsWith('-'), catalogMsg.priceNegative)
    .refine((v) => v === '' || parseEuroToCents(v, { allowNegative }) !== null, invalid);

/** Empty number inputs and non-numbers are 0 in quantity fields. */
const quantityText = z.preprocess((v) => (v === '' || v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? 0 : Number(v)), stockField);

/** The product form (dashboard). Converted to ProductInput on submit. */
const productFormFields = z.object({
  title: productTitleField,
  /** Empty: the server derives it from the title (new product) or keeps the current one. */
  slug: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= PRODUCT_SLUG_MAX && PRODUCT_SLUG_PATTERN.test(v)), catalogMsg.productSlugInvalid)
    .default(''),
  description: productDescriptionField,
  price: euroText(false, catalogMsg.priceInvalid)
    .refine((v) => v !== '', catalogMsg.priceRequired)
    .refine((v) => (parseEuroToCents(v) ?? 0) <= 100_000_000, catalogMsg.priceTooHigh),
  sku: skuField,
  stock: quantityText,
  categoryId: z.string(),
  status: productStatusField,
  /** 'Prezzo pieno': empty means no sale price. */
  compareAt: euroText(false, catalogMsg.compareAtInvalid)
    .refine((v) => (parseEuroToCents(v) ?? 0) <= 100_000_000, catalogMsg.priceTooHigh)
    .default(''),
  /** 'Aliquota IVA': empty means the store's. */
  vatCode: z.enum(['', ...VAT_CODES], { error: 'Aliquota IVA non valida' }).default(''),
  /** The switch 'Escluso dal recesso' and, when on, the reason chosen in its select. */
  withdrawalExcluded: z.boolean().default(false),
  withdrawalExclusion: z.enum(['', ...WITHDRAWAL_EXCLUSIONS], { error: catalogMsg.withdrawalReason }).default(''),
});
export const productFormSchema = productFormFields
  .refine((f) => f.compareAt === '' || (parseEuroToCents(f.compareAt) ?? 0) > (parseEuroToCents(f.price) ?? 0), {
    message: catalogMsg.compareAtNotAbove,
    path: ['compareAt'],
  })
  .refine((f) => !f.withdrawalExcluded || f.withdrawalExclusion !== '', { message: catalogMsg.withdrawalReason, path: ['withdrawalExclusion'] });
export type ProductFormValues = z.input<typeof productFormSchema>;

const variantLabelField = z
  .string({ error: catalogMsg.variantRequired })
  .trim()
  .min(1, catalogMsg.variantRequired)
  .max(100, 'La label può contenere al massimo 100 caratteri');
const variantSkuField = z
  .string({ error: catalogMsg.variantRequired })
  .trim()
  .min(1, catalogMsg.variantRequired)
  .max(64, 'Lo SKU può contenere al massimo 64 caratteri')
  .regex(SKU_PATTERN, catalogMsg.skuFormat);
const attributePairs = z
  .array(
    z.object({
      key: z.string().trim().max(50, 'Il nome di un attributo può contenere al massimo 50 caratteri'),
      value: z.string().trim().max(100, 'Il valore di un attributo può contenere al massimo 100 caratteri'),
    }),
  )
  .max(20, 'Puoi indicare al massimo 20 attributi');

/** Create or update a variant. Attribute pairs are kept only when key and value are both filled (spec §5). */
export const variantInputSchema = z.strictObject({
  label: variantLabelField,
  sku: variantSkuField,
  priceDeltaCents: priceDeltaCentsField,
  stock: stockField.default(0),
  attributes: attributePairs.default([]).transform(attributesFromPairs),
  imageId: id.nullable().default(null),
  /** Its own 'Prezzo pieno'; null: the product's, shifted by the difference. Above its price: checked by the server, which knows the product's price. */
  compareAtCents: compareAtCentsField,
});
export type VariantInput = z.input<typeof variantInputSchema>;
export type VariantData = z.output<typeof variantInputSchema>;

export const variantFormSchema = z.object({
  label: variantLabelField,
  sku: variantSkuField,
  priceDelta: euroText(true, catalogMsg.deltaInvalid),
  stock: quantityText,
  attributes: attributePairs,
  /** Empty: the product's 'Prezzo pieno' plus the difference. */
  compareAt: euroText(false, catalogMsg.compareAtInvalid)
    .refine((v) => (parseEuroToCents(v) ?? 0) <= 100_000_000, catalogMsg.priceTooHigh)
    .default(''),
});
export type VariantFormValues = z.input<typeof variantFormSchema>;

export const inventoryUpdateSchema = z.strictObject({
  qty: z
    .number({ error: catalogMsg.qtyInvalid })
    .int(catalogMsg.qtyInvalid)
    .min(0, catalogMsg.qtyNegative)
    .max(1_000_000, 'La quantità non può superare 1.000.000'),
});
export type InventoryUpdateInput = z.infer<typeof inventoryUpdateSchema>;

/** Name required; an empty slug falls back to the one derived from the name (spec §5). */
export const categoryInputSchema = z.strictObject({
  name: z
    .string({ error: catalogMsg.categoryNameRequired })
    .trim()
    .min(1, catalogMsg.categoryNameRequired)
    .max(100, 'Il nome può contenere al massimo 100 caratteri'),
  slug: z.string().trim().max(80, 'Lo slug può contenere al massimo 80 caratteri').default(''),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

const page = z.coerce.number({ error: 'Pagina non valida' }).int('Pagina non valida').min(1, 'Pagina non valida').max(100_000, 'Pagina non valida').default(1);
const search = z.string().trim().max(100, 'La ricerca può contenere al massimo 100 caratteri').default('');

export const productListQuerySchema = z.strictObject({
  page,
  q: search,
  status: productStatusField.optional(),
  categoryId: id.optional(),
  /** The table's sorted column (table-sorts.ts); absent: newest first, or by relevance when searching. */
  sort: productSortField.optional(),
  /** Ascending unless told; ignored without `sort`. */
  dir: sortDirField.optional(),
  stock: stockFilterField.optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const inventoryListQuerySchema = z.strictObject({ page, q: search });
export type InventoryListQuery = z.input<typeof inventoryListQuerySchema>;

export const skuCheckQuerySchema = z.strictObject({
  sku: z.string().max(64).default(''),
  productId: id.optional(),
  variantId: id.optional(),
});
export type SkuCheckQuery = z.input<typeof skuCheckQuerySchema>;

export const imageUploadQuerySchema = z.strictObject({ target: z.enum(['product', 'variant']).default('product') });
