import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBodySchema, storeIdParams } from '@vetrina/shared';
import { CSV_LIMITS, csvMsg, ordersExportQuerySchema, productImportQuerySchema, productImportResultSchema, type OrdersExportQuery } from '@vetrina/shared/csv';
import type { AppContext } from '../../lib/context.js';
import { romeDay } from '@vetrina/shared/shop-day';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { exportOrders, exportProducts } from './export-service.js';
import { importProducts } from './import-service.js';

const tags = ['csv'];

/** For the API document: the exports answer a CSV file, not JSON. */
const csvAnswer = { description: 'File CSV (UTF-8 con BOM, separatore virgola)', content: { 'text/csv': { schema: { type: 'string' } } } };

function sendCsv(reply: FastifyReply, filename: string, body: AsyncIterable<string>) {
  return reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .type('text/csv; charset=utf-8')
    .send(Readable.from(body));
}

/** The uploaded file's bytes: one multipart file of at most CSV_LIMITS.maxBytes, refused at once when larger. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', csvMsg.notMultipart);
  // A declared size well past the limit (the form's own bytes aside) is refused before reading anything.
  if (Number(req.headers['content-length'] ?? 0) > CSV_LIMITS.maxBytes + 64 * 1024) throw new AppError(413, 'payload_too_large', csvMsg.tooLarge);
  try {
    const file = await req.file({ limits: { fileSize: CSV_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    if (!file) throw badRequest(csvMsg.noFile, 'file');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', csvMsg.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'unsupported_media_type', csvMsg.notMultipart);
    throw badRequest('Richiesta multipart non valida', 'file');
  }
}

/** CSV export of products and orders, and product import (docs/decisions/csv.md). */
export function registerCsvRoutes(app: FastifyInstance, ctx: AppContext) {
  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/export/products.csv',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Esporta i prodotti in CSV (colonne del CSV prodotti di Shopify, una riga per variante)',
      tags,
      params: storeIdParams,
      response: { 200: csvAnswer, '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      return sendCsv(reply, `prodotti-${member.storeSlug}-${romeDay(clock.now())}.csv`, exportProducts(ctx.db, member.storeId));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/export/orders.csv',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Esporta gli ordini di un periodo in CSV (una riga per riga d’ordine, date in ora italiana)',
      tags,
      params: storeIdParams,
      querystring: ordersExportQuerySchema,
      response: { 200: csvAnswer, '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      const range = req.query as OrdersExportQuery;
      return sendCsv(reply, `ordini-${member.storeSlug}-${range.from}-${range.to}.csv`, exportOrders(ctx.db, member.storeId, range));
    },
  });

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/import/products',
      auth: { permission: 'catalog:write' },
      summary: `Importa prodotti da CSV (multipart, un file ≤ ${CSV_LIMITS.maxBytes / 1024 / 1024} MB, ≤ ${CSV_LIMITS.maxRows} righe): mode=preview li controlla senza scrivere, mode=apply li scrive tutti o nessuno`,
      tags,
      params: storeIdParams,
      query: productImportQuerySchema,
      response: { 200: productImportResultSchema },
    },
    async (req, { query }) => importProducts(ctx, requireMember(req).storeId, await readUpload(req), query.mode),
  );
}
