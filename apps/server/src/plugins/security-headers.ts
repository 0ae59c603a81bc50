import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of an HTML page: scripts only from this origin (no inline script can
 * run even if some text slipped through as HTML) and, for a page with inline scripts of its own
 * template, exactly those (by their SHA-256, `'sha256-…'`); images also from S3/CDN hosts over
 * https, inline styles allowed (store colours are CSS variables set in style attributes), no framing.
 */
export function pageCsp(inlineScriptHashes: readonly string[] = []) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((h) => `'sha256-${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' ws: wss:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of every HTML page that does not bring its own. */
export const PAGE_CSP = pageCsp();

const HSTS = 'max-age=31536000; includeSubDomains';

const isHtml = (type: unknown) => typeof type === 'string' && /^\s*text\/html\b/i.test(type);

/** Answers with someone's data: the signed-in routes and everything under /api/auth (tokens, sessions). */
function isPrivate(req: FastifyRequest): boolean {
  const auth = req.routeOptions.config?.auth;
  if (auth === 'user' || (typeof auth === 'object' && auth !== null)) return true;
  const path = req.routeOptions.url ?? req.url.split('?')[0] ?? '';
  return path === '/api/auth' || path.startsWith('/api/auth/');
}

/**
 * The one home of the response headers every answer gets, whoever produced it (routes, static
 * files, Swagger UI, development pages, error and not-found handlers). Registered before any
 * plugin so that every child context inherits the hook.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl?: string }) {
  // Only when the public address is https: over plain http the header would be ignored anyway,
  // and a development machine must not learn to refuse http for a year.
  const hsts = opts.publicUrl?.startsWith('https://') ?? false;
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (hsts) reply.header('strict-transport-security', HSTS);
    if (isPrivate(req)) reply.header('cache-control', 'no-store');
    if (isHtml(reply.getHeader('content-type')) && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', PAGE_CSP);
    return payload;
  });
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
