import { z } from 'zod';
import { productStatusField } from './catalog.js';
import { orderStatusSchema } from './orders.js';

/**
 * Bulk actions on the rows ticked in the dashboard's tables (docs/decisions/0027-back-office-tables.md).
 * Every id must be the store's, or nothing changes.
 */
export const BULK_LIMITS = {
  /** Ids one request may name: a few pages of the table, and a query string that stays short. */
  maxIds: 200,
} as const;

export const bulkMsg = {
  empty: 'Seleziona almeno un elemento',
  tooMany: `Puoi selezionare al massimo ${BULK_LIMITS.maxIds} elementi alla volta`,
  idInvalid: 'Selezione non valida',
  action: 'Azione non valida',
  productsNotFound: 'Uno o più prodotti selezionati non esistono in questo store: nessun prodotto è stato modificato.',
  ordersNotFound: 'Uno o più ordini selezionati non esistono in questo store: nessun ordine è stato modificato.',
} as const;

const selectedId = z.string({ error: bulkMsg.idInvalid }).trim().min(1, bulkMsg.idInvalid).max(64, bulkMsg.idInvalid);

/** The ticked rows' ids, each once (a repeated id is the same row). */
export const selectedIdsField = z
  .array(selectedId, { error: bulkMsg.empty })
  .min(1, bulkMsg.empty)
  .max(BULK_LIMITS.maxIds, bulkMsg.tooMany)
  .transform((ids) => [...new Set(ids)]);

/** The same ids in a query string ('Esporta selezione'): comma-separated. */
export const selectedIdsParam = z
  .string({ error: bulkMsg.empty })
  .max(BULK_LIMITS.maxIds * 65, bulkMsg.tooMany)
  .transform((text) => text.split(',').filter((id) => id.trim() !== ''))
  .pipe(selectedIdsField);

/** 'Cambia stato', 'Sposta in categoria' (null: 'Senza categoria') and 'Elimina' on products. */
export const productBulkSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('status'), ids: selectedIdsField, status: productStatusField }),
    z.strictObject({ action: z.literal('category'), ids: selectedIdsField, categoryId: selectedId.nullable() }),
    z.strictObject({ action: z.literal('delete'), ids: selectedIdsField }),
  ],
  { error: bulkMsg.action },
);
export type ProductBulkInput = z.input<typeof productBulkSchema>;
export type ProductBulkData = z.output<typeof productBulkSchema>;

export const productBulkResultSchema = z.object({
  /** Products changed or deleted: all the selected ones. */
  count: z.number().int(),
});
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>;

/** 'Cambia stato' on orders: each order changes as it would alone (stock, mails, figures). */
export const orderBulkSchema = z.strictObject({ action: z.literal('status', { error: bulkMsg.action }), ids: selectedIdsField, status: orderStatusSchema });
export type OrderBulkInput = z.input<typeof orderBulkSchema>;

export const orderBulkFailureSchema = z.object({ id: z.string(), orderNumber: z.number().int(), message: z.string() });
export type OrderBulkFailure = z.infer<typeof orderBulkFailureSchema>;

export const orderBulkResultSchema = z.object({
  /** Orders now in the chosen status (those already in it included). */
  updated: z.number().int(),
  /** Orders the change was refused for (e.g. stock no longer there to reopen one), left as they were. */
  failures: z.array(orderBulkFailureSchema),
});
export type OrderBulkResult = z.infer<typeof orderBulkResultSchema>;
