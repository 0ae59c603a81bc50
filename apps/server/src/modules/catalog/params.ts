import { z } from 'zod';
import { catalogMsg, storeIdParams } from '@vetrina/shared';

/** Path ids: any string of sane length; one that belongs to no row of the store is simply "not found". */
const idOf = (message: string) => z.string({ error: message }).min(1, message).max(64, message);

export const productParams = storeIdParams.extend({ productId: idOf(catalogMsg.productNotFound) });
export const variantParams = productParams.extend({ variantId: idOf(catalogMsg.variantNotFound) });
export const categoryParams = storeIdParams.extend({ categoryId: idOf(catalogMsg.categoryNotFound) });
export const imageParams = storeIdParams.extend({ imageId: idOf(catalogMsg.imageNotFound) });
