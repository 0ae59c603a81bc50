import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { healthService } from './service.js';

const tags = ['health'];
const config = { auth: 'public' as const };

/**
 * Probes for load balancers and orchestrators, outside /api and never cached. /healthz: the
 * process is alive and serving HTTP. /readyz: it can do its work (database and, when configured,
 * Redis answer); 503 otherwise, so a balancer stops sending it shoppers. Neither tells anything
 * beyond "ok"/"down" per dependency.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const health = healthService(ctx);
  app.get('/healthz', { config, schema: { summary: 'Il processo è attivo', tags } }, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', { config, schema: { summary: 'Il server è pronto: database (e Redis, se configurato) rispondono', tags } }, async (_req, reply) => {
    const { ready, checks } = await health.ready();
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'down', checks });
  });
}
