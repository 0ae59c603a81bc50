import { catalogMsg, type VariantData } from '@vetrina/shared';
import { badRequest } from '../../../lib/errors.js';

/**
 * A variant's price rules against its product's price. A file of its own, free of the database
 * code, because the CSV import's worker thread checks rows with it too (modules/csv/import-worker.ts).
 */
export function assertPrice(productPriceCents: number, data: Pick<VariantData, 'priceDeltaCents' | 'compareAtCents'>) {
  const priceCents = productPriceCents + data.priceDeltaCents;
  if (priceCents < 0) throw badRequest(catalogMsg.variantPriceNegative, 'priceDelta');
  // Its own 'Prezzo pieno' only: the product's, shifted by the difference, is above by construction.
  if (data.compareAtCents !== null && data.compareAtCents <= priceCents) throw badRequest(catalogMsg.variantCompareAtNotAbove(priceCents), 'compareAtCents');
}
