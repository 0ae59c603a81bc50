import { toast } from 'sonner';
import { catalogMsg } from '@vetrina/shared';
import { ApiError } from '@/lib/api';
import { isSkuAvailable } from './api/products';

/** Spec §5: 'SKU duplicato' — 'Questo SKU è già utilizzato da un altro prodotto. Scegli uno SKU diverso.' */
export const warnSkuTaken = () => toast.error(catalogMsg.skuTakenTitle, { description: catalogMsg.skuTaken });

/** The server's answer when a concurrent save took the SKU first (409 with the same title). */
export const isSkuConflict = (err: unknown) => err instanceof ApiError && err.status === 409 && err.title === catalogMsg.skuTakenTitle;

/**
 * The check before saving. If the check itself fails (network), saving goes ahead: the server
 * enforces uniqueness anyway and answers with the same message.
 */
export async function checkSkuOrWarn(storeId: string, sku: string, owner: { productId?: string; variantId?: string }): Promise<boolean> {
  const available = await isSkuAvailable(storeId, sku, owner).catch(() => true);
  if (!available) warnSkuTaken();
  return available;
}
