import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardStatsResponseSchema, lowStockSettingsResponseSchema, lowStockSettingsSchema, statsQuerySchema } from '@vetrina/shared/stats';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { statsService } from './service.js';
import { visitsService } from './visits.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });

/** The dashboard home's numbers, the low-stock threshold, and the storefront's visit beacon. */
export function registerStatsRoutes(app: FastifyInstance, ctx: AppContext) {
  const stats = statsService(ctx);
  const visits = visitsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/stats',
      auth: { permission: 'store:read' },
      summary: 'I numeri della home: fatturato, ordini, visite, grafico giornaliero, prodotti più venduti, ordini da gestire, scorte basse, messaggi',
      tags: ['stats'],
      params: storeParams,
      query: statsQuerySchema,
      response: { 200: dashboardStatsResponseSchema },
    },
    async (req, { query }) => ({ stats: await stats.forPeriod(requireMember(req).storeId, query.period) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/stats/low-stock',
      auth: { permission: 'store:settings' },
      summary: 'Soglia delle scorte basse mostrate nella home',
      tags: ['stats'],
      params: storeParams,
      body: lowStockSettingsSchema,
      response: { 200: lowStockSettingsResponseSchema },
    },
    async (req, { body }) => ({ lowStockThreshold: await stats.setLowStockThreshold(requireMember(req).storeId, body.lowStockThreshold) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/visit',
      auth: 'public',
      summary: 'Conta una visita alla vetrina (senza cookie, senza dati personali conservati)',
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120) }),
      response: { 204: null },
    },
    async (req, { params }, reply) => {
      reply.header('cache-control', 'no-store');
      await visits.record(params.slug, req.ip, req.headers['user-agent']);
    },
  );
}
