import { z } from 'zod';
import './zod-it.js';
import { selectedIdsParam } from './bulk.js';
import { formatNumber } from './italian-format.js';

/**
 * CSV export and import of the catalogue and export of orders (docs/decisions/0022-csv.md). Kept out of
 * the package index: only the dashboard and the server use it, never the storefront's bundle.
 */

export const CSV_LIMITS = {
  /** Largest file the import reads (10,000 rows with long descriptions fit well within it). */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows (the header not counted) one import may hold. */
  maxRows: 10_000,
  /** Row errors an answer lists; the count says how many there are in all. */
  maxErrorsListed: 200,
  /** Rows shown in the preview. */
  sampleRows: 20,
  /** Columns a file may have: Shopify's product export has about 50; a longer header is a broken or hostile file. */
  maxColumns: 200,
  /**
   * Characters in one row, all its cells together. A description is at most 5,000 characters and
   * a Shopify one with inline styles rarely passes 64 KB: such a row still gets its own message on
   * its row, while an unclosed quote stops here instead of swallowing the rest of the file.
   */
  maxRowChars: 256 * 1024,
  /** Lines read in all, blank ones included (they keep their numbers, so they are read too). */
  maxLines: 20_000,
} as const;

/**
 * The product file's columns, in Shopify's names where our data has the field and in its order;
 * the last four are ours (Shopify has no product-level SKU or price, nor a variant name).
 * Option4…Option20 columns are added only when a variant has more than three attributes.
 */
export const PRODUCT_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Type',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
  'Variant Label',
  'Product SKU',
  'Product Price',
  'Product Compare At Price',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The orders file: one row per order line; the order's own columns repeat on each of its lines (as Shopify does). */
export const ORDER_CSV_COLUMNS = [
  'Numero ordine',
  'Data',
  'Stato',
  'Metodo di pagamento',
  'Stato pagamento',
  'Cliente',
  'Email',
  'Telefono',
  'Indirizzo',
  'CAP',
  'Città',
  'Provincia',
  'Paese',
  'Prodotto',
  'Variante',
  'Quantità',
  'Prezzo unitario',
  'Totale riga',
  'Subtotale',
  'Codice sconto',
  'Sconto',
  'Spedizione',
  'Supplemento',
  'Totale',
] as const;

const mb = CSV_LIMITS.maxBytes / (1024 * 1024);

export const csvMsg = {
  notMultipart: 'Invia il file CSV come multipart/form-data',
  noFile: 'Nessun file ricevuto: scegli un file CSV',
  tooLarge: `Il file è troppo grande: al massimo ${mb} MB. Dividilo in più file e importali uno alla volta.`,
  importBusy: 'Un’altra importazione è in corso su questo server: riprova tra qualche secondo.',
  tooManyColumns: `Il file ha troppe colonne: al massimo ${CSV_LIMITS.maxColumns}. Controlla il separatore e la prima riga (un file di prodotti di Shopify ne ha circa 50).`,
  rowTooLong: (line: number) =>
    `La riga ${line} è troppo lunga: al massimo ${formatNumber(CSV_LIMITS.maxRowChars)} caratteri per riga. Controlla che le virgolette di ogni campo siano chiuse.`,
  tooManyLines: `Il file ha più di ${formatNumber(CSV_LIMITS.maxLines)} righe, comprese quelle vuote: togli le righe vuote o dividilo in più file.`,
  tooComplex:
    'Il file è troppo complesso da leggere: controlla che sia un CSV di prodotti (separatore, virgolette) oppure dividilo in più file e importali uno alla volta.',
  tooManyRows: `Il file ha più di ${formatNumber(CSV_LIMITS.maxRows)} righe di dati: dividilo in più file e importali uno alla volta.`,
  empty: 'Il file è vuoto: la prima riga deve contenere i nomi delle colonne (Handle, Title, Variant SKU, Variant Price…)',
  noRows: 'Il file contiene solo la riga di intestazione: nessun prodotto da importare',
  notUtf8: 'Il file non è in UTF-8. In Excel scegli File › Salva con nome › «CSV UTF-8 (delimitato da virgole)» e riprova.',
  utf16: 'Il file è in UTF-16 (Testo Unicode). In Excel scegli File › Salva con nome › «CSV UTF-8 (delimitato da virgole)» e riprova.',
  notCsv: (detail: string) => `Il file non è un CSV leggibile: ${detail}`,
  missingColumn: (name: string) => `Manca la colonna «${name}» nella prima riga del file`,
  duplicateColumn: (name: string) => `La colonna «${name}» compare due volte nella prima riga`,
  hasErrors: (n: number) =>
    n === 1 ? 'Il file contiene un errore: nessun prodotto è stato importato.' : `Il file contiene ${n} errori: nessun prodotto è stato importato.`,
  lineError: (line: number, column: string | null, message: string) => `Riga ${line}${column ? ` (${column})` : ''}: ${message}`,
  skuRepeated: (sku: string, line: number) => `Lo SKU «${sku}» è ripetuto nel file (già alla riga ${line})`,
  skuTaken: (sku: string) => `Lo SKU «${sku}» è già utilizzato da un altro prodotto dello store`,
  handleRepeated: (line: number, title: string) =>
    `Questo handle è già usato alla riga ${line} da un altro prodotto («${title}»): ogni prodotto deve avere un handle diverso`,
  titleRequired: 'Il titolo è obbligatorio nella prima riga di ogni prodotto',
  continuationWithoutProduct: 'Riga senza Handle: indica l’handle del prodotto a cui appartiene',
  optionNameMissing: (n: number) => `Manca il nome dell'opzione ${n} (Option${n} Name)`,
  variantNameMissing: 'Indica il valore di almeno un’opzione (Option1 Value) o una Variant Label',
  variantIsProduct: (sku: string) => `Lo SKU «${sku}» è quello del prodotto, non di una sua variante`,
  stockInvalid: 'La giacenza deve essere un numero intero maggiore o uguale a 0',
  statusInvalid: 'Stato non valido: usa active, draft o archived',
  publishedInvalid: 'Published non valido: usa TRUE o FALSE',
  categoryTooLong: 'Il nome della categoria può contenere al massimo 100 caratteri',
  tooManyCategories: (max: number) => `Con questa categoria lo store supererebbe il massimo di ${max} categorie`,
  imagesIgnored: 'Le immagini (Image Src, Variant Image) non vengono importate: aggiungile dalla scheda del prodotto.',
  unknownColumns: (names: string[]) => `Colonne ignorate: ${names.join(', ')}`,
  orderRange: 'Indica un periodo valido: la data «Dal» non può essere successiva alla data «Al»',
  orderDate: 'Data non valida: usa il formato AAAA-MM-GG',
  rangeOrSelection: 'Indica un periodo oppure gli ordini selezionati, non entrambi',
} as const;

export const productImportQuerySchema = z.strictObject({
  mode: z.enum(['preview', 'apply'], { error: 'Modalità non valida: usa preview o apply' }).default('preview'),
});
export type ProductImportQuery = z.input<typeof productImportQuerySchema>;

const count = z.number().int();

export const importRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  line: count,
  /** The column the message is about, by its name in the file's header (null: the whole row). */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importSampleRowSchema = z.object({
  line: count,
  handle: z.string(),
  title: z.string(),
  variant: z.string().nullable(),
  sku: z.string(),
  priceCents: count,
  stock: count.nullable(),
  action: z.enum(['create', 'update']),
});
export type ImportSampleRow = z.infer<typeof importSampleRowSchema>;

export const productImportResultSchema = z.object({
  /** True when the catalogue was written (mode=apply without errors). */
  applied: z.boolean(),
  /** Data rows read (empty rows not counted). */
  rows: count,
  products: z.object({ create: count, update: count }),
  variants: z.object({ create: count, update: count }),
  categories: z.object({ create: count }),
  /** At most CSV_LIMITS.maxErrorsListed, in file order; `errorCount` is the total. */
  errors: z.array(importRowErrorSchema),
  errorCount: count,
  /** Things the merchant should know that do not stop the import (ignored columns, images). */
  notices: z.array(z.string()),
  sample: z.array(importSampleRowSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/**
 * The exports' dialect: 'italiano' (default) as Italian Excel opens it, separated by ';' with a
 * decimal comma and a BOM; 'internazionale' (the 'Formato internazionale' option) with ',', a
 * decimal point and no BOM, as Shopify and English spreadsheets read it.
 */
export const CSV_FORMATS = ['italiano', 'internazionale'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];
const formatField = z.enum(CSV_FORMATS, { error: 'Formato non valido: usa italiano o internazionale' }).optional();

const dayField = z
  .string({ error: csvMsg.orderDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, csvMsg.orderDate)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), csvMsg.orderDate);

/** Orders placed from the first day to the last one included, as calendar days in Italy. */
export const ordersExportQuerySchema = z
  .strictObject({ from: dayField, to: dayField })
  .refine((q) => q.from <= q.to, { message: csvMsg.orderRange, path: ['from'] });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** 'Esporta CSV' of the products table's selection: only the ticked products (without `ids`, all of them). */
export const productsExportQuerySchema = z.strictObject({ ids: selectedIdsParam.optional(), format: formatField });
export type ProductsExportQuery = z.input<typeof productsExportQuerySchema>;

/** What the orders file holds: the orders of a date range, or the rows ticked in the orders table. */
export type OrdersExportScope = OrdersExportQuery | { ids: string[] };

/** The orders file's query: `from` and `to` as ordersExportQuerySchema checks them, or `ids` (comma-separated). */
export const ordersExportRequestSchema = z
  .strictObject({ from: z.string().optional(), to: z.string().optional(), ids: selectedIdsParam.optional(), format: formatField })
  .superRefine((q, ctx) => {
    if (q.ids) {
      if (q.from !== undefined || q.to !== undefined) ctx.addIssue({ code: 'custom', message: csvMsg.rangeOrSelection, path: ['ids'] });
      return;
    }
    const range = ordersExportQuerySchema.safeParse({ from: q.from, to: q.to });
    if (!range.success) for (const issue of range.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  })
  .transform((q): OrdersExportScope & { format?: CsvFormat } => ({
    ...(q.ids ? { ids: q.ids } : { from: q.from ?? '', to: q.to ?? '' }),
    ...(q.format ? { format: q.format } : {}),
  }));
