import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { pageNumber, seoService, type SeoOptions } from './service.js';

const tags = ['seo'];
/** Crawlers come back often enough; a CDN in front may keep the files this long. */
const CACHE = 'public, max-age=300';

const sendXml = (reply: FastifyReply, body: AsyncIterable<string>) =>
  reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(Readable.from(body));
/** Not found as plain text: these addresses are read by crawlers, not by the web app. */
const notFoundText = (reply: FastifyReply) => reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Non trovato');

/** For the API document only: these answers are text, never serialised from a schema. */
const textAnswer = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: 'string' } } } });
const NOT_FOUND = textAnswer('Non trovato', 'text/plain');
const xmlResponse = { 200: textAnswer('Sitemap XML', 'application/xml'), 404: NOT_FOUND };

/**
 * robots.txt and the sitemaps: plain routes outside /api (real files for crawlers, matched before
 * the web app's catch-all). The path is the only input: anything unknown or malformed is a 404.
 * The numbered pages exist only past 50,000 URLs, so they stay out of the API document.
 */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext, opts: SeoOptions = {}) {
  const seo = seoService(ctx, opts);
  const config = { auth: 'public' as const };

  app.get(
    '/robots.txt',
    {
      config,
      schema: { summary: 'robots.txt: pagine escluse dai motori di ricerca e sitemap', tags, response: { 200: textAnswer('robots.txt', 'text/plain') } },
    },
    async (_req, reply) =>
      reply
        .header('cache-control', CACHE)
        .type('text/plain; charset=utf-8')
        .send(await seo.robots()),
  );

  app.get('/sitemap.xml', { config, schema: { summary: 'Indice delle sitemap della piattaforma', tags, response: xmlResponse } }, async (_req, reply) => {
    const body = await seo.platformIndex(1);
    return body ? sendXml(reply, body) : notFoundText(reply);
  });

  app.get('/sitemap-index-:page.xml', { config, schema: { hide: true } }, async (req, reply) => {
    const page = pageNumber((req.params as { page: string }).page);
    const body = page && page > 1 ? await seo.platformIndex(page) : null;
    return body ? sendXml(reply, body) : notFoundText(reply);
  });

  app.get(
    '/sitemap-site.xml',
    { config, schema: { summary: 'Sitemap delle pagine pubbliche della piattaforma', tags, response: xmlResponse } },
    async (_req, reply) => sendXml(reply, seo.siteSitemap()),
  );

  app.get(
    '/store/:slug/sitemap.xml',
    { config, schema: { summary: 'Sitemap di uno store: home, categorie e prodotti attivi', tags, response: xmlResponse } },
    async (req, reply) => {
      const body = await seo.storeSitemap((req.params as { slug: string }).slug, null);
      return body ? sendXml(reply, body) : notFoundText(reply);
    },
  );

  app.get('/store/:slug/sitemap-:page.xml', { config, schema: { hide: true } }, async (req, reply) => {
    const params = req.params as { slug: string; page: string };
    const page = pageNumber(params.page);
    const body = page ? await seo.storeSitemap(params.slug, page) : null;
    return body ? sendXml(reply, body) : notFoundText(reply);
  });
}
