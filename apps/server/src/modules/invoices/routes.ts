import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  invoiceMonthQuerySchema,
  invoiceMsg,
  invoiceResponseSchema,
  invoiceSettingsInputSchema,
  invoiceSettingsResponseSchema,
  invoicesResponseSchema,
  orderTokenSchema,
} from '@vetrina/shared';
import { romeDay } from '@vetrina/shared/shop-day';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { guardGuess } from '../../lib/guess-limit.js';
import { addRoute } from '../../lib/route.js';
import { storeBySlug } from '../tenancy/service.js';
import { requireMember } from '../../plugins/guard.js';
import { invoicesService, type InvoicesService } from './service.js';

const id = z.string().min(1).max(64);
const storeParams = z.strictObject({ storeId: id });
const orderParams = z.strictObject({ storeId: id, orderId: id });
const invoiceParams = z.strictObject({ storeId: id, invoiceId: id });
const tags = ['invoices'];
const fileAnswer = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' } } } });
const errors = { '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema };
const currentMonth = () => romeDay(clock.now()).slice(0, 7);

function sendFile(reply: FastifyReply, type: string, body: string | Buffer | Readable, filename?: string) {
  reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').type(type);
  if (filename) reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
}
/** Impostazioni → Fatturazione; issuing, crediting, downloading invoices (docs/decisions/0030-invoices.md). */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const invoices = invoicesService(ctx);
  registerInvoiceSettingsRoutes(app, invoices);
  registerInvoiceIssueRoutes(app, invoices);
  registerInvoiceDownloadRoutes(app, invoices);
  registerImmutableInvoiceRoutes(app, invoices);
  registerCustomerInvoiceRoute(app, ctx, invoices);
}

/** Impostazioni → Fatturazione. */
function registerInvoiceSettingsRoutes(app: FastifyInstance, invoices: InvoicesService) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/invoice-settings',
      auth: { permission: 'store:settings' },
      summary: 'IVA predefinita, regime fiscale, sede e emissione automatica delle fatture',
      tags,
      params: storeParams,
      response: { 200: invoiceSettingsResponseSchema },
    },
    async (req) => ({ settings: await invoices.settings(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/invoice-settings',
      auth: { permission: 'store:settings' },
      summary: 'Salva le impostazioni di fatturazione',
      tags,
      params: storeParams,
      body: invoiceSettingsInputSchema,
      response: { 200: invoiceSettingsResponseSchema },
    },
    async (req, { body }) => ({ settings: await invoices.saveSettings(requireMember(req).storeId, body) }),
  );
}

/** An order's invoice and the credit note that reverses it. */
function registerInvoiceIssueRoutes(app: FastifyInstance, invoices: InvoicesService) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/:orderId/invoice',
      auth: { permission: 'orders:write' },
      summary: "Emette la fattura dell'ordine (numero progressivo dell'anno, XML FatturaPA, copia di cortesia al cliente)",
      tags,
      params: orderParams,
      response: { 201: invoiceResponseSchema },
    },
    async (req, { params }, reply) => {
      reply.code(201);
      const { storeId, user } = requireMember(req);
      return { invoice: await invoices.issue(storeId, params.orderId, user.id) };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/invoices/:invoiceId/credit-note',
      auth: { permission: 'orders:write' },
      summary: "Emette la nota di credito che storna l'intera fattura",
      tags,
      params: invoiceParams,
      response: { 201: invoiceResponseSchema },
    },
    async (req, { params }, reply) => {
      reply.code(201);
      const { storeId, user } = requireMember(req);
      return { invoice: await invoices.creditNote(storeId, params.invoiceId, user.id) };
    },
  );
}

/** A month's documents, its ZIP for the accountant, one document's XML and printable copy. */
function registerInvoiceDownloadRoutes(app: FastifyInstance, invoices: InvoicesService) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/invoices',
      auth: { permission: 'store:read' },
      summary: 'Fatture e note di credito di un mese (predefinito: il mese corrente)',
      tags,
      params: storeParams,
      query: invoiceMonthQuerySchema,
      response: { 200: invoicesResponseSchema },
    },
    async (req, { query }) => ({ invoices: (await invoices.list(requireMember(req).storeId, { month: query.month ?? currentMonth() })).reverse() }),
  );

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/invoices/export',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'ZIP di un mese: un XML FatturaPA per documento e il riepilogo CSV per il commercialista',
      tags,
      params: storeParams,
      querystring: invoiceMonthQuerySchema,
      response: { 200: fileAnswer('application/zip', 'Archivio ZIP'), ...errors },
    },
    handler: async (req, reply) => {
      const member = requireMember(req);
      const month = (req.query as { month?: string }).month ?? currentMonth();
      const name = `fatture-${month}.zip`;
      await invoices.recordExport(member, month, name);
      return sendFile(reply, 'application/zip', invoices.monthArchive(member.storeId, month), name);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/invoices/:invoiceId/xml',
    config: { auth: { permission: 'store:read' } },
    schema: {
      summary: 'Il file XML FatturaPA del documento',
      tags,
      params: invoiceParams,
      response: { 200: fileAnswer('application/xml', 'FatturaPA'), ...errors },
    },
    handler: async (req, reply) => {
      const row = await invoices.document(requireMember(req).storeId, (req.params as { invoiceId: string }).invoiceId);
      return sendFile(reply, 'application/xml; charset=utf-8', row.xml, row.file_name);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/stores/:storeId/invoices/:invoiceId/copy',
    config: { auth: { permission: 'store:read' } },
    schema: { summary: 'La copia di cortesia (pagina stampabile)', tags, params: invoiceParams, response: { 200: fileAnswer('text/html', 'HTML'), ...errors } },
    handler: async (req, reply) => {
      const { storeId } = requireMember(req);
      const html = await invoices.copy(storeId, (req.params as { invoiceId: string }).invoiceId);
      return sendFile(reply, 'text/html; charset=utf-8', html);
    },
  });
}

/** An issued document is never edited or deleted: the answer says what to do instead. */
function registerImmutableInvoiceRoutes(app: FastifyInstance, invoices: InvoicesService) {
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    addRoute(
      app,
      {
        method,
        url: '/api/stores/:storeId/invoices/:invoiceId',
        auth: { permission: 'orders:write' },
        summary: 'Una fattura emessa non si modifica: si storna con una nota di credito',
        tags,
        params: invoiceParams,
        response: { 204: null },
      },
      async (req, { params }) => {
        await invoices.document(requireMember(req).storeId, params.invoiceId);
        throw conflict(invoiceMsg.immutable);
      },
    );
  }
}

/** The customer's copy, reached from the order page and the mail. */
function registerCustomerInvoiceRoute(app: FastifyInstance, ctx: AppContext, invoices: InvoicesService) {
  app.route({
    method: 'GET',
    url: '/api/public/stores/:slug/orders/:token/invoices/:invoiceId',
    config: { auth: 'public' },
    schema: {
      summary: 'La copia di cortesia per il cliente (link della pagina ordine e della mail)',
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120), token: orderTokenSchema, invoiceId: id }),
      response: { 200: fileAnswer('text/html', 'HTML'), ...errors },
    },
    handler: async (req, reply) => {
      const p = req.params as { slug: string; token: string; invoiceId: string };
      const store = await storeBySlug(ctx.db, p.slug);
      if (!store) throw notFound(invoiceMsg.notFound);
      const copy = await guardGuess(ctx, { scope: 'order-link', ip: req.ip, storeId: store.id }, () => invoices.publicCopy(store.id, p.token, p.invoiceId));
      return sendFile(reply, 'text/html; charset=utf-8', copy);
    },
  });
}
