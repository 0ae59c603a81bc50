import type { FastifyInstance } from 'fastify';
import { sampleDataResultSchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { sampleDataService } from './service.js';

const tags = ['catalogo'];

/** The sample catalogue (spec §9 "Dati di esempio"). */
export function registerSampleDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const sampleData = sampleDataService(ctx);

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/sample-data',
      auth: { permission: 'store:seed' },
      summary: 'Sostituisce prodotti e categorie con i dati di esempio',
      tags,
      params: storeIdParams,
      response: { 200: sampleDataResultSchema },
      // A 503 would not stop the seed, which then lands anyway: the first run renders every picture, seconds under load (0040-sample-data.md).
      timeLimitMs: 120_000,
    },
    async (req) => sampleData.seed(requireMember(req)),
  );
}
