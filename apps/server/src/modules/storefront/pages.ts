import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SLOTS, WEB_BUILD, type BuildManifest, type PageRenderer, type RenderedPage } from '@vetrina/shared/page-renderer';
import type { AppContext } from '../../lib/context.js';
import { concurrencyLimit } from '../../lib/limit.js';
import { singleFlight } from '../../lib/ttl-cache.js';
import { acceptedEncoding, compressedCopy } from '../../lib/compression.js';
import type { WebBuildFiles } from '../../paths.js';
import type { PageHandler, PagesFactory } from '../../plugins/web.js';
import { inlineScriptHashes, pageCsp } from '../../plugins/security-headers.js';
import { storefrontService } from './service.js';
import { pageTransport } from './page-reads.js';

/** Longer addresses are nobody's page: answered with the not-found page, never rendered. */
const MAX_URL_LENGTH = 2048;
/** Rendered pages live in the storefront cache as long as the data they show (two seconds). */
const SITE_KEY = '~site';
/** Pages rendered at once; more wait in arrival order (lib/limit.ts says why). */
const RENDER_CONCURRENCY = 4;

/**
 * The pages rendered on the server (storefront and public site, apps/web/src/ssr) with their data,
 * meta and status (docs/decisions/0009-public-rendering.md): loads the web build's renderer, answers its
 * loaders' API calls in-process and serves each page from the storefront cache. app.ts hands this
 * to plugins/web.ts, which calls it once the build is there.
 */
export function storefrontPages(app: FastifyInstance, ctx: AppContext): PagesFactory {
  return async (files: WebBuildFiles) => {
    const renderer = (await import(pathToFileURL(files.renderer).href)) as PageRenderer;
    renderer.setTransport(pageTransport(app, storefrontService(ctx)));
    return pageServer(ctx, renderer, {
      template: fs.readFileSync(files.template, 'utf8'),
      manifest: JSON.parse(fs.readFileSync(files.manifest, 'utf8')) as BuildManifest,
    });
  };
}

function pageServer(ctx: AppContext, renderer: PageRenderer, built: { template: string; manifest: BuildManifest }): PageHandler {
  const [beforeHead, afterHead] = splitOnce(built.template, PAGE_SLOTS.head);
  const [beforeBody, afterBody] = splitOnce(afterHead, PAGE_SLOTS.body);
  const [beforeData, afterData] = splitOnce(afterBody, PAGE_SLOTS.data);
  // The page template drops the build's default title: each page writes its own.
  const head0 = beforeHead.replace(/<title>[^<]*<\/title>\s*/, '');

  // The entry's chunks are already in the template; a page adds the stylesheets of its modules. Its
  // scripts are not preloaded: the page is complete as HTML, and on a slow phone a dozen script
  // requests would compete with the stylesheet and the main picture before the first paint (the
  // entry imports them right after; docs/decisions/0009-public-rendering.md).
  const inTemplate = new Set<string>();
  const chunksOf = (key: string, into: Set<string>) => {
    const chunk = built.manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) chunksOf(dep, into);
  };
  chunksOf(WEB_BUILD.template, inTemplate);
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

  // The template's own inline script (it keeps early taps: apps/web/src/ssr/early-taps.ts) runs by
  // its hash; nothing else inline can.
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

  return async function serve(req: FastifyRequest, reply: FastifyReply) {
    const href = req.url;
    const pathname = href.split('?')[0] ?? '/';
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
  };
}

function splitOnce(s: string, marker: string): [string, string] {
  const i = s.indexOf(marker);
  if (i < 0) throw new Error(`The page template lacks ${marker}: rebuild the web app`);
  return [s.slice(0, i), s.slice(i + marker.length)];
}
