import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBodySchema, storeIdParams } from '@vetrina/shared';
import {
  CSV_LIMITS,
  csvMsg,
  ordersExportRequestSchema,
  productImportQuerySchema,
  productImportResultSchema,
  productsExportQuerySchema,
  type CsvFormat,
  type OrdersExportScope,
} from '@vetrina/shared/csv';
import type { AppContext } from '../../lib/context.js';
import { romeDay } from '@vetrina/shared/shop-day';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { csvExportService } from './export-service.js';
import { dialectOf } from './dialect.js';
import { oneImportPerStore } from './import-gate.js';
import { importProducts } from './import-service.js';

const tags = ['csv'];

/** For the API document: the exports answer a CSV file, not JSON. */
const csvAnswer = {
  description:
    'File CSV: per Excel in italiano (UTF-8 con BOM, separatore punto e virgola, virgola decimale) o con `format=internazionale` (virgola, punto decimale, senza BOM)',
  content: { 'text/csv': { schema: { type: 'string' } } },
};

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

/** CSV export of products and orders, and product import (docs/decisions/0022-csv.md). */
export function registerCsvRoutes(app: FastifyInstance, ctx: AppContext) {
  const csvExports = csvExportService(ctx);

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/export/products.csv',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Esporta i prodotti in CSV (colonne del CSV prodotti di Shopify, una riga per variante); con `ids` solo i prodotti selezionati',
      tags,
      params: storeIdParams,
      querystring: productsExportQuerySchema,
      response: { 200: csvAnswer, '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      // Validated by the route's schema: the ids arrive as an array.
      const { ids, format } = req.query as { ids?: string[]; format?: CsvFormat };
      if (ids) await csvExports.assertSelection(member, 'products', ids);
      const name = `prodotti-${member.storeSlug}${ids ? '-selezione' : ''}-${romeDay(clock.now())}.csv`;
      await csvExports.recorded(member, 'products', { ids }, name);
      return sendCsv(reply, name, csvExports.products(member, { dialect: dialectOf(format), ids }));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/export/orders.csv',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Esporta gli ordini di un periodo (o quelli selezionati, `ids`) in CSV (una riga per riga d’ordine, date in ora italiana)',
      tags,
      params: storeIdParams,
      querystring: ordersExportRequestSchema,
      response: { 200: csvAnswer, '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      const { format, ...scope } = req.query as OrdersExportScope & { format?: CsvFormat };
      if ('ids' in scope) await csvExports.assertSelection(member, 'orders', scope.ids);
      const name =
        'ids' in scope ? `ordini-${member.storeSlug}-selezione-${romeDay(clock.now())}.csv` : `ordini-${member.storeSlug}-${scope.from}-${scope.to}.csv`;
      await csvExports.recorded(member, 'orders', scope, name);
      return sendCsv(reply, name, csvExports.orders(member, { scope, dialect: dialectOf(format) }));
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
      // Writing 10,000 products takes far longer than an ordinary request (plugins/time-limit.ts).
      timeLimitMs: 120_000,
    },
    async (req, { query }) => {
      const member = requireMember(req);
      // The gate is taken once the whole file has arrived: a slow or stalled upload holds nothing.
      const bytes = await readUpload(req);
      return oneImportPerStore(ctx.redis, member.storeId, () => importProducts(ctx, member, { bytes, mode: query.mode }));
    },
  );
}
