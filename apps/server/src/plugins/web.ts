import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@vetrina/shared';
import type { AppContext } from '../lib/context.js';
import { publicRendererFile, webDistDir } from '../paths.js';
import { AppError } from '../lib/errors.js';
import { pageCsp } from './security-headers.js';
import { concurrencyLimit } from '../lib/limit.js';
import { singleFlight } from '../lib/ttl-cache.js';
import { acceptedEncoding, compressedCopy } from '../lib/compression.js';
import { productParams, slugParams, storefrontProductsQuerySchema, storefrontService, type StorefrontService } from '../modules/storefront/service.js';

/** The server bundle of the public build (apps/web/src/public/entry-server.tsx). */
interface RenderedPage {
  status: number;
  redirect?: string;
  head: string;
  body: string;
  data: string;
  modules: string[];
}
/** An answer of the in-process transport (the shape apps/web's public API client reads). */
interface Answer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
const answer = (status: number, body: string | null): Answer => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => (body ? JSON.parse(body) : null),
});
interface PublicRenderer {
  setTransport(t: (path: string, init: { method: 'GET' | 'POST'; body?: string; fresh: boolean }) => Promise<Answer>): void;
  renderPage(href: string, origin: string, options?: { notFound?: boolean }): Promise<RenderedPage>;
}
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * Paths of the dashboard app (the SPA in dist/app): sign-in, account links from e-mails, onboarding
 * and the dashboard. They are never indexed. Every other page path is the public build's.
 */
const SPA_PATH = /^\/(?:login|register|forgot-password|reset-password|onboarding|dashboard|auth|invitations)(?:\/|$)/;
/** Longer addresses are nobody's page: answered with the not-found page, never rendered. */
const MAX_URL_LENGTH = 2048;
/** Rendered pages live in the storefront cache as long as the data they show (two seconds). */
const SITE_KEY = '~site';
/** Pages rendered at once; more wait in arrival order (lib/limit.ts says why). */
const RENDER_CONCURRENCY = 4;

/**
 * Serves the web: the public build's pages (storefront and public site) rendered on the server
 * with their data, meta and status (docs/decisions/public-rendering.md), the dashboard app's
 * index.html for its paths, and the hashed assets of both builds (cached for a year).
 */
export async function registerWeb(app: FastifyInstance, ctx: AppContext, distDir = webDistDir) {
  const appDir = path.join(distDir, 'app');
  const publicDir = path.join(distDir, 'public');
  const spaIndex = path.join(appDir, 'index.html');
  const template = path.join(publicDir, 'public.html');
  const serverEntry = publicRendererFile(distDir);
  const built = [spaIndex, template, serverEntry, path.join(publicDir, '.vite', 'manifest.json')].every((f) => fs.existsSync(f));

  let pages: ReturnType<typeof pageServer> | null = null;
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD') || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ error: { code: 'not_found', message: msg.notFound } });
    }
    if (!pages) return reply.status(503).type('text/plain; charset=utf-8').send('Interfaccia web non compilata: esegui npm run build');
    return pages.serve(req, reply);
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
    root: appDir,
    wildcard: false,
    globIgnore: ['assets/**', 'index.html', ...compressed],
    index: false,
    preCompressed: true,
    allowedPath: notACopy,
    setHeaders,
  });
  for (const [root, prefix] of [
    [path.join(appDir, 'assets'), '/assets/'],
    [path.join(publicDir, 'p'), '/p/'],
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

  const renderer = (await import(pathToFileURL(serverEntry).href)) as PublicRenderer;
  const storefront = storefrontService(ctx);
  renderer.setTransport(async (apiPath, init) => {
    // The storefront's reads are answered straight from its service (same cache, same rules as
    // the HTTP routes, without a request's round trip through the framework); anything else
    // (and any input the routes' schemas would refuse) goes through the real route in-process.
    const direct = init.method === 'GET' ? await storefrontRead(storefront, apiPath) : null;
    if (direct) return direct;
    const res = await app.inject({
      method: init.method,
      url: apiPath,
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      payload: init.body,
    });
    return answer(res.statusCode, res.statusCode === 204 ? null : res.body);
  });
  pages = pageServer(ctx, renderer, {
    spa: noindex(fs.readFileSync(spaIndex, 'utf8')),
    template: fs.readFileSync(template, 'utf8'),
    manifest: JSON.parse(fs.readFileSync(path.join(publicDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>,
  });
}

/** The dashboard app's page, kept out of search engines (its head has no other description). */
function noindex(html: string) {
  return html.replace('</head>', '    <meta name="robots" content="noindex, nofollow" />\n  </head>');
}

function pageServer(ctx: AppContext, renderer: PublicRenderer, built: { spa: string; template: string; manifest: Record<string, ManifestChunk> }) {
  const [beforeHead, afterHead] = splitOnce(built.template, '<!--vetrina-head-->');
  const [beforeBody, afterBody] = splitOnce(afterHead, '<!--vetrina-body-->');
  const [beforeData, afterData] = splitOnce(afterBody, '<!--vetrina-data-->');
  // The page template drops the build's default title: each page writes its own.
  const head0 = beforeHead.replace(/<title>[^<]*<\/title>\s*/, '');

  // The entry's chunks are already in the template; a page adds the stylesheets of its modules. Its
  // scripts are not preloaded: the page is complete as HTML, and on a slow phone a dozen script
  // requests would compete with the stylesheet and the main picture before the first paint (the
  // entry imports them right after; docs/decisions/public-rendering.md).
  const inTemplate = new Set<string>();
  const chunksOf = (key: string, into: Set<string>) => {
    const chunk = built.manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) chunksOf(dep, into);
  };
  chunksOf('public.html', inTemplate);
  const stylesCache = new Map<string, string>();
  const pageStyles = (modules: string[]) => {
    const key = modules.join('|');
    let html = stylesCache.get(key);
    if (html === undefined) {
      const files = new Set<string>();
      for (const m of modules) chunksOf(m, files);
      html = [...files]
        .filter((f) => !inTemplate.has(f))
        .filter((f) => f.endsWith('.css'))
        .map((f) => `<link rel="stylesheet" href="/${f}">`)
        .join('\n');
      stylesCache.set(key, html);
    }
    return html;
  };

  // The template's own inline script (it keeps early taps: src/public/early-taps.ts) runs by its
  // hash; nothing else inline can.
  const csp = pageCsp(inlineScriptHashes(built.template));
  const document = (page: RenderedPage) => `${head0}${page.head}\n${pageStyles(page.modules)}${beforeBody}${page.body}${beforeData}${page.data}${afterData}`;

  /** The cache key of a page: a store's pages start with its slug, so its writes drop them. */
  function cacheKey(pathname: string, href: string) {
    const m = /^\/store\/([^/]+)/.exec(pathname);
    if (!m) return `${SITE_KEY}|html|${href}`;
    try {
      return `${decodeURIComponent(m[1]!)}|html|${href}`;
    } catch {
      return null;
    }
  }

  const once = singleFlight<Buffer>();

  const renderSlot = concurrencyLimit(RENDER_CONCURRENCY);
  async function render(href: string, notFound: boolean): Promise<RenderedPage & { html: string }> {
    const page = await renderSlot(() => renderer.renderPage(href, ctx.publicUrl(), { notFound }));
    return { ...page, html: page.redirect ? '' : document(page) };
  }

  async function serve(req: FastifyRequest, reply: FastifyReply) {
    const href = req.url;
    const pathname = href.split('?')[0] ?? '/';
    if (SPA_PATH.test(pathname)) {
      return reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(built.spa);
    }
    const tooLong = href.length > MAX_URL_LENGTH;
    const key = tooLong ? null : cacheKey(pathname, href);
    let cached = key ? ctx.publicCache.get(key) : undefined;
    if (!Buffer.isBuffer(cached)) {
      const load = async () => {
        const page = await render(tooLong || key === null ? '/' : href, tooLong || key === null);
        const bytes = Buffer.from(`${page.status}\n${page.redirect ?? ''}\n${page.html}`);
        // A page that could not load its data (503) is not kept: the next request tries again.
        if (key && page.status !== 503) ctx.publicCache.set(key, bytes);
        return bytes;
      };
      try {
        // Requests missing the same page at once share one render.
        cached = key ? await once(key, load) : await load();
      } catch (err) {
        req.log.error({ err }, 'page could not be rendered');
        return reply.status(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Servizio non disponibile, riprova tra poco');
      }
    }
    // Kept as the bytes of "status\nredirect\nhtml": a hit costs two indexOf and no copy.
    const a = cached.indexOf(10);
    const b = cached.indexOf(10, a + 1);
    const status = Number(cached.toString('latin1', 0, a));
    const redirect = cached.toString('utf8', a + 1, b);
    if (redirect) return reply.header('cache-control', 'public, max-age=300').redirect(redirect, 301);
    reply
      .status(status)
      .header('content-security-policy', csp)
      .header('cache-control', status === 200 ? 'public, max-age=0, must-revalidate' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = key ? acceptedEncoding(req.headers['accept-encoding']) : null;
    if (!key || !encoding) return reply.send(cached.subarray(b + 1));
    // Compressed once per cached page (kept beside it, so the store's writes drop it too).
    const packed = compressedCopy(ctx.publicCache, key, encoding, cached, cached.subarray(b + 1));
    return reply.header('content-encoding', encoding).send(packed);
  }
  return { serve };
}

const STOREFRONT_API = /^\/api\/public\/stores\/([^/?]+)(?:\/products(?:\/([^/?]+))?)?(?:\?|$)/;

/** A GET of the storefront API answered by its service, or null when the route should answer it. */
async function storefrontRead(service: StorefrontService, apiPath: string): Promise<Answer | null> {
  const m = STOREFRONT_API.exec(apiPath);
  if (!m) return null;
  const isList = apiPath.includes('/products') && m[2] === undefined;
  let slug: string;
  let ref: string | undefined;
  try {
    slug = decodeURIComponent(m[1]!);
    ref = m[2] === undefined ? undefined : decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  const params = ref === undefined ? slugParams.safeParse({ slug }) : productParams.safeParse({ slug, productRef: ref });
  if (!params.success) return null;
  const json = answer;
  try {
    if (ref !== undefined) return json(200, (await service.product(slug, ref)).text);
    if (!isList) return json(200, (await service.store(slug)).text);
    const query = storefrontProductsQuerySchema.safeParse(Object.fromEntries(new URL(apiPath, 'http://x').searchParams));
    if (!query.success) return null;
    return json(200, (await service.products(slug, query.data)).text);
  } catch (err) {
    if (err instanceof AppError) return json(err.status, JSON.stringify({ error: { code: err.code, message: err.message } }));
    throw err;
  }
}

/**
 * The SHA-256 (base64) of each inline script of an HTML template, as a Content-Security-Policy
 * `'sha256-…'` source names it: the exact text between the tags. Data blocks
 * (`type="application/json"`) are not scripts and are left out.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(
      createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64'),
    );
  }
  return hashes;
}

function splitOnce(s: string, marker: string): [string, string] {
  const i = s.indexOf(marker);
  if (i < 0) throw new Error(`The public page template lacks ${marker}: rebuild the web app`);
  return [s.slice(0, i), s.slice(i + marker.length)];
}
