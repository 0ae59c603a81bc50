import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  apiErrorBodySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListResponseSchema,
  auditMembersResponseSchema,
  storeIdParams,
  type AuditExportQuery,
} from '@vetrina/shared';
import { romeDay } from '@vetrina/shared/shop-day';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { auditLog, type SessionDevices } from './log-service.js';

const tags = ['audit'];

/**
 * 'Registro attività' (owners and admins: 'audit:read'; staff 403, another store 404). Read only:
 * no route edits or deletes an entry; the daily job removes those past twelve months.
 */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext, ports: { sessionDevices: SessionDevices }) {
  const log = auditLog(ctx.db, ports.sessionDevices);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/audit',
      auth: { permission: 'audit:read' },
      summary: 'Registro attività: chi ha cambiato cosa, quando e da quale sessione (dal più recente; filtri membro, tipo, date in ora italiana)',
      tags,
      params: storeIdParams,
      query: auditListQuerySchema,
      response: { 200: auditListResponseSchema },
    },
    async (req, { query }) => log.list(requireMember(req).storeId, query),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/audit/members',
      auth: { permission: 'audit:read' },
      summary: 'Chi compare nel registro attività (per il filtro Membro), anche chi non è più nel team',
      tags,
      params: storeIdParams,
      response: { 200: auditMembersResponseSchema },
    },
    async (req) => ({ members: await log.members(requireMember(req).storeId) }),
  );

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/audit/export.csv',
    config: { auth: { permission: 'audit:read' } },
    schema: {
      summary: 'Esporta il registro attività in CSV (stessi filtri dell’elenco; l’esportazione stessa entra nel registro)',
      tags,
      params: storeIdParams,
      querystring: auditExportQuerySchema,
      response: {
        200: { description: 'File CSV (per Excel in italiano, o `format=internazionale`)', content: { 'text/csv': { schema: { type: 'string' } } } },
        '4xx': apiErrorBodySchema,
        '5xx': apiErrorBodySchema,
      },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      const file = await log.export(member, req.query as AuditExportQuery);
      return reply
        .header('content-disposition', `attachment; filename="registro-attivita-${member.storeSlug}-${romeDay(clock.now())}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(Readable.from(file));
    },
  });
}
