import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shippingSettingsResponseSchema, shippingSettingsSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { shippingService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });

/** Impostazioni → Spedizioni. The storefront reads the destinations with the store's public data. */
export function registerShippingRoutes(app: FastifyInstance, ctx: AppContext) {
  const shipping = shippingService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/shipping',
      auth: { permission: 'store:read' },
      summary: 'Tariffe di spedizione dello store',
      tags: ['shipping'],
      params: storeParams,
      response: { 200: shippingSettingsResponseSchema },
    },
    async (req) => ({ settings: await shipping.get(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/shipping',
      auth: { permission: 'store:settings' },
      summary: 'Salva le tariffe di spedizione (Italia e paesi UE, soglie di spedizione gratuita)',
      tags: ['shipping'],
      params: storeParams,
      body: shippingSettingsSchema,
      response: { 200: shippingSettingsResponseSchema },
    },
    async (req, { body }) => ({ settings: await shipping.save(requireMember(req), body) }),
  );
}
