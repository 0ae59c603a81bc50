import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { apiErrorBodySchema, storeIdParams } from '@vetrina/shared';
import { customerDetailSchema, customerExportQuerySchema, customerListQuerySchema, customerParams, customersPageSchema } from '@vetrina/shared/customers';
import { romeDay } from '@vetrina/shared/shop-day';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { dialectOf } from '../csv/dialect.js';
import { customersService } from './service.js';

const tags = ['customers'];

/** 'Clienti': list, detail and CSV export, with the orders' permission (docs/decisions/0048-customers.md). */
export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = customersService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/customers',
      auth: { permission: 'store:read' },
      summary: 'Clienti dello store per e-mail, dai loro ordini (ricerca, ordinamento, pagine)',
      tags,
      params: storeIdParams,
      query: customerListQuerySchema,
      response: { 200: customersPageSchema },
    },
    async (req, { query }) => service.list(requireMember(req).storeId, query),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/customers/:customerKey',
      auth: { permission: 'store:read' },
      summary: 'Un cliente (la chiave è l’id di un suo ordine): ordini, messaggi, chat e fatture',
      tags,
      params: customerParams,
      response: { 200: customerDetailSchema },
    },
    async (req, { params }) => service.detail(requireMember(req).storeId, params.customerKey),
  );

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/export/customers.csv',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Esporta i clienti (con `search`, solo quelli trovati) in CSV; `format=internazionale` per virgole e punti',
      tags,
      params: storeIdParams,
      querystring: customerExportQuerySchema,
      response: {
        200: { description: 'File CSV (italiano: separatore punto e virgola, UTF-8 con BOM)', content: { 'text/csv': { schema: { type: 'string' } } } },
        '4xx': apiErrorBodySchema,
        '5xx': apiErrorBodySchema,
      },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      const { search, format } = req.query as { search?: string; format?: 'italiano' | 'internazionale' };
      const name = `clienti-${member.storeSlug}-${romeDay(clock.now())}.csv`;
      await service.recordExport(member, search || undefined, name);
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(Readable.from(service.exportCsv(member.storeId, search || undefined, dialectOf(format))));
    },
  });
}
