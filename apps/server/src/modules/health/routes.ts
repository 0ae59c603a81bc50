import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { healthService } from './service.js';

const tags = ['health'];
const check = z.enum(['ok', 'down']);
const aliveSchema = z.object({ status: z.literal('ok') });
/** Only "ok"/"down" per dependency: never a host name, a version or an error text. */
const readySchema = z.object({ status: check, checks: z.object({ database: check, redis: check.optional() }) });

/**
 * Probes for load balancers and orchestrators, outside /api and never cached. /healthz: the
 * process is alive and serving HTTP. /readyz: it can do its work (database and, when configured,
 * Redis answer); 503 otherwise, so a balancer stops sending it shoppers.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const health = healthService(ctx);
  addRoute(
    app,
    { method: 'GET', url: '/healthz', auth: 'public', summary: 'Il processo è attivo', tags, response: { 200: aliveSchema } },
    async (_req, _input, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  addRoute(
    app,
    {
      method: 'GET',
      url: '/readyz',
      auth: 'public',
      summary: 'Il server è pronto: database (e Redis, se configurato) rispondono',
      tags,
      response: { 200: readySchema, 503: readySchema },
    },
    async (_req, _input, reply) => {
      const { ready, checks } = await health.ready();
      reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
      return { status: ready ? ('ok' as const) : ('down' as const), checks };
    },
  );
}
