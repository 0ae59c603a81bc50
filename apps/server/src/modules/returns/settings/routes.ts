import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { returnSettingsResponseSchema, returnSettingsSchema } from '@vetrina/shared/returns';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { returnSettingsService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });

/** Impostazioni → Resi: the return address, who pays return shipping, the instructions. */
export function registerReturnSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = returnSettingsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/returns-settings',
      auth: { permission: 'store:read' },
      summary: 'Impostazioni dei resi dello store',
      tags: ['returns'],
      params: storeParams,
      response: { 200: returnSettingsResponseSchema },
    },
    async (req) => ({ settings: await settings.get(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/returns-settings',
      auth: { permission: 'store:settings' },
      summary: 'Salva indirizzo per i resi, chi paga la spedizione del reso e le istruzioni',
      tags: ['returns'],
      params: storeParams,
      body: returnSettingsSchema,
      response: { 200: returnSettingsResponseSchema },
    },
    async (req, { body }) => ({ settings: await settings.save(requireMember(req).storeId, body) }),
  );
}
