import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { setupDismissedSchema, storeSetupSchema } from '@vetrina/shared/store-setup';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { setupService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
const tags = ['stores'];

/** 'Primi passi' on the dashboard home: the steps read from the store's data, and the two stored flags. */
export function registerSetupRoutes(app: FastifyInstance, ctx: AppContext) {
  const setup = setupService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/setup',
      auth: { permission: 'store:read' },
      summary: 'Primi passi: i passi della configurazione, ciascuno fatto o da fare secondo i dati dello store',
      tags,
      params: storeParams,
      response: { 200: storeSetupSchema },
    },
    async (req) => setup.get(requireMember(req)),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/setup/visited',
      auth: { permission: 'store:settings' },
      summary: 'Primi passi: segna che lo store è stato visitato',
      tags,
      params: storeParams,
      response: { 200: storeSetupSchema },
    },
    async (req) => setup.markVisited(requireMember(req)),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/setup/dismissed',
      auth: { permission: 'store:settings' },
      summary: 'Primi passi: nasconde (o mostra di nuovo) la guida nella home',
      tags,
      params: storeParams,
      body: setupDismissedSchema,
      response: { 200: storeSetupSchema },
    },
    async (req, { body }) => setup.setDismissed(requireMember(req), body.dismissed),
  );
}
