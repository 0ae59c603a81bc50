import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentMsg } from '@vetrina/shared';
import { openReturnInputSchema, receiveReturnInputSchema, rejectReturnInputSchema, returnMsg } from '@vetrina/shared/returns';
import { orderReturnsResponseSchema, returnListQuerySchema, returnListResponseSchema, returnResponseSchema } from '@vetrina/shared/returns-admin';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { returnRequestsService } from './service.js';

const tags = ['returns'];
const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
/** Ids of any sane length: one that is not the store's is simply "not found". */
const returnParams = storeParams.extend({ returnId: z.string({ error: returnMsg.notFound }).min(1, returnMsg.notFound).max(64, returnMsg.notFound) });
const orderParams = storeParams.extend({
  orderId: z.string({ error: paymentMsg.orderNotFound }).min(1, paymentMsg.orderNotFound).max(64, paymentMsg.orderNotFound),
});

/** 'Resi' in the dashboard (packages/shared/src/returns-admin.ts): the list, a return, and its steps. */
export function registerReturnRequestRoutes(app: FastifyInstance, ctx: AppContext) {
  const returns = returnRequestsService(ctx);
  const write = { permission: 'orders:write' } as const;
  const read = { permission: 'store:read' } as const;

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/returns',
      auth: read,
      summary: 'Resi e recessi dello store, dal più recente, una pagina alla volta (filtro per stato)',
      tags,
      params: storeParams,
      query: returnListQuerySchema,
      response: { 200: returnListResponseSchema },
    },
    async (req, { query }) => returns.list(requireMember(req), query),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/returns/:returnId',
      auth: read,
      summary: 'Un reso con le sue righe (IBAN mascherato per chi non può rimborsare)',
      tags,
      params: returnParams,
      response: { 200: returnResponseSchema },
    },
    async (req, { params }) => ({ return: await returns.detail(requireMember(req), params.returnId) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/orders/:orderId/returns',
      auth: read,
      summary: 'I resi di un ordine',
      tags,
      params: orderParams,
      response: { 200: orderReturnsResponseSchema },
    },
    async (req, { params }) => ({ returns: await returns.ofOrder(requireMember(req), params.orderId) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/:orderId/returns',
      auth: write,
      summary: 'Apri un reso per righe e quantità dell’ordine non già in un altro reso',
      tags,
      params: orderParams,
      body: openReturnInputSchema,
      response: { 201: returnResponseSchema },
    },
    async (req, { params, body }) => ({ return: await returns.open(requireMember(req), params.orderId, body) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/returns/:returnId/authorize',
      auth: write,
      summary: 'Autorizza il reso (da Richiesto)',
      tags,
      params: returnParams,
      response: { 200: returnResponseSchema },
    },
    async (req, { params }) => ({ return: await returns.authorize(requireMember(req), params.returnId) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/returns/:returnId/receive',
      auth: write,
      summary: 'Reso ricevuto: le righe scelte tornano in magazzino, una volta sola',
      tags,
      params: returnParams,
      body: receiveReturnInputSchema,
      response: { 200: returnResponseSchema },
    },
    async (req, { params, body }) => ({ return: await returns.receive(requireMember(req), params.returnId, body) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/returns/:returnId/reject',
      auth: write,
      summary: 'Rifiuta il reso: il cliente riceve il motivo per e-mail',
      tags,
      params: returnParams,
      body: rejectReturnInputSchema,
      response: { 200: returnResponseSchema },
    },
    async (req, { params, body }) => ({ return: await returns.reject(requireMember(req), params.returnId, body) }),
  );
}
