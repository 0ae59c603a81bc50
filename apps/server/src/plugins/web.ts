import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@vetrina/shared';
import { webBuildFiles, webDistDir, type WebBuildFiles } from '../paths.js';

/** Answers a page path (any GET that is not the API, a file or the dashboard app's). */
export type PageHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/**
 * Makes the page handler from a complete build. The rendered pages are the storefront module's
 * (modules/storefront/pages.ts); app.ts passes them in, so the kernel imports no module.
 */
export type PagesFactory = (files: WebBuildFiles) => Promise<PageHandler>;

/**
 * Paths of the dashboard app (the SPA in dist/app): sign-in, account links from e-mails, onboarding
 * and the dashboard. They are never indexed. Every other page path is the rendered pages'.
 */
const SPA_PATH = /^\/(?:login|register|forgot-password|reset-password|onboarding|dashboard|auth|invitations)(?:\/|$)/;

/**
 * Serves the web build: the hashed assets of both builds (cached for a year), the dashboard app's
 * index.html for its paths, and every other page path through the page handler (the pages
 * rendered on the server, docs/decisions/0009-public-rendering.md). Paths of the API and of files that
 * are not there are a 404.
 */
export async function registerWeb(app: FastifyInstance, pages: PagesFactory, distDir = webDistDir) {
  const files = webBuildFiles(distDir);
  const built = [files.appIndex, files.template, files.renderer, files.manifest].every((f) => fs.existsSync(f));

  let page: PageHandler | null = null;
  let spa = '';
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD') || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ error: { code: 'not_found', message: msg.notFound } });
    }
    if (!page) return reply.status(503).type('text/plain; charset=utf-8').send('Interfaccia web non compilata: esegui npm run build');
    if (SPA_PATH.test(url)) {
      return reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(spa);
    }
    return page(req, reply);
  });
  if (!built) return;

  const immutable = (file: string) => file.includes(`${path.sep}assets${path.sep}`) || file.includes(`${path.sep}p${path.sep}`);
  const setHeaders = (res: FastifyReply, file: string) =>
    res.header('cache-control', immutable(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  // The build writes .br and .gz copies of every text asset (scripts/precompress.mjs); they are
  // served in place of the file for clients that accept them, never under their own names.
  // The two hashed-asset folders are one route each (a file not there falls to the not-found
  // handler); the few other files of the dashboard build get a route each, so that every other path
  // stays a page. One route per file and copy (~550 routes, each GET and HEAD) cost a tenth of the
  // server's start and memory for its router.
  const compressed = ['**/*.br', '**/*.gz'];
  const notACopy = (file: string) => !/\.(?:br|gz)$/.test(file);
  await app.register(fastifyStatic, {
    root: files.appDir,
    wildcard: false,
    globIgnore: ['assets/**', 'index.html', ...compressed],
    index: false,
    preCompressed: true,
    allowedPath: notACopy,
    setHeaders,
  });
  for (const [root, prefix] of [
    [path.join(files.appDir, 'assets'), '/assets/'],
    [path.join(files.pagesDir, 'p'), '/p/'],
  ] as const) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      wildcard: true,
      index: false,
      preCompressed: true,
      allowedPath: notACopy,
      decorateReply: false,
      setHeaders,
    });
  }

  spa = noindex(fs.readFileSync(files.appIndex, 'utf8'));
  page = await pages(files);
}

/** The dashboard app's page, kept out of search engines (its head has no other description). */
function noindex(html: string) {
  return html.replace('</head>', '    <meta name="robots" content="noindex, nofollow" />\n  </head>');
}
