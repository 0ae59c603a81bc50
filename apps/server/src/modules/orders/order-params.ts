import { z } from 'zod';
import { orderTokenSchema } from '@vetrina/shared';
import { notFound } from '../../lib/errors.js';
import type { OrdersService } from './service.js';

export const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
export const orderParams = z.strictObject({ storeId: z.string().min(1).max(64), orderId: z.string().min(1).max(64) });
export const publicOrderParams = z.strictObject({ slug: z.string().min(1).max(120), token: orderTokenSchema });

/** The order's details as the routes answer them after a change. */
export async function orderAnswer(orders: OrdersService, storeId: string, orderId: string) {
  const order = await orders.detail(storeId, orderId);
  if (!order) throw notFound('Ordine non trovato');
  return { order };
}
