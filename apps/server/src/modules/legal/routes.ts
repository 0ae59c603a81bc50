import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicLegalPageResponseSchema } from '@vetrina/shared';
import {
  businessDetailsInputSchema,
  businessDetailsResponseSchema,
  legalPageInputSchema,
  legalPageResponseSchema,
  legalPagesResponseSchema,
  legalPreviewResponseSchema,
} from '@vetrina/shared/business-settings';
import type { AppContext } from '../../lib/context.js';
import { addRoute, JsonText } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { legalService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
// An unknown kind is a page that does not exist (404 from the service), not malformed input.
const pageParams = z.strictObject({ storeId: z.string().min(1).max(64), kind: z.string().min(1).max(40) });
const tags = ['legal'];
const settings = { permission: 'store:settings' } as const;

/** Impostazioni → Dati aziendali and Pagine legali; the legal pages of the storefront. */
export function registerLegalRoutes(app: FastifyInstance, ctx: AppContext) {
  const legal = legalService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/business',
      auth: settings,
      summary: 'Dati aziendali dello store (ragione sociale, P.IVA, codice fiscale, sede, PEC, contatti)',
      tags,
      params: storeParams,
      response: { 200: businessDetailsResponseSchema },
    },
    async (req) => ({ details: await legal.details(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/business',
      auth: settings,
      summary: 'Salva i dati aziendali (P.IVA e codice fiscale verificati); il footer del negozio li mostra',
      tags,
      params: storeParams,
      body: businessDetailsInputSchema,
      response: { 200: businessDetailsResponseSchema },
    },
    async (req, { body }) => ({ details: await legal.saveDetails(requireMember(req), body) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/legal-pages',
      auth: settings,
      summary: 'Le tre pagine legali: il testo del commerciante o il modello compilato con i dati dello store',
      tags,
      params: storeParams,
      response: { 200: legalPagesResponseSchema },
    },
    async (req) => ({ pages: await legal.pages(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/legal-pages/preview',
      auth: settings,
      summary: 'Anteprima HTML di un testo Markdown, come la mostrerebbe il negozio (nulla viene salvato)',
      tags,
      params: storeParams,
      body: legalPageInputSchema,
      response: { 200: legalPreviewResponseSchema },
    },
    async (req, { body }) => (requireMember(req), { html: await legal.preview(body.markdown) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/legal-pages/:kind',
      auth: settings,
      summary: 'Una pagina legale (termini, privacy, spedizioni-resi)',
      tags,
      params: pageParams,
      response: { 200: legalPageResponseSchema },
    },
    async (req, { params }) => ({ page: await legal.page(requireMember(req).storeId, params.kind) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/legal-pages/:kind',
      auth: settings,
      summary: 'Salva il testo Markdown di una pagina legale (l’HTML grezzo non viene mai pubblicato)',
      tags,
      params: pageParams,
      body: legalPageInputSchema,
      response: { 200: legalPageResponseSchema },
    },
    async (req, { params, body }) => ({ page: await legal.savePage(requireMember(req).storeId, params.kind, body.markdown) }),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/legal-pages/:kind',
      auth: settings,
      summary: 'Ripristina il modello della pagina, compilato con i dati attuali dello store',
      tags,
      params: pageParams,
      response: { 200: legalPageResponseSchema },
    },
    async (req, { params }) => ({ page: await legal.resetPage(requireMember(req).storeId, params.kind) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/pages/:kind',
      auth: 'public',
      summary: 'Una pagina legale del negozio, in HTML già ripulito',
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120), kind: z.string().min(1).max(40) }),
      response: { 200: publicLegalPageResponseSchema },
    },
    async (_req, { params }, reply) => {
      reply.header('cache-control', 'public, max-age=2');
      return new JsonText(await legal.publicPage(params.slug, params.kind));
    },
  );
}
