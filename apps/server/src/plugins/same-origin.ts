import type { FastifyRequest } from 'fastify';
import { msg } from '@vetrina/shared';
import { forbidden } from '../lib/errors.js';

/** The host of an Origin header, or null when it is not a URL ('null' from sandboxed pages, garbage). */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/**
 * Cookie-authenticated calls must come from our own pages (SameSite=Strict is the first line). A
 * request without Origin passes (same-origin GETs and non-browser clients send none); any Origin
 * that is not exactly this host, including 'null' and a malformed one, is refused.
 */
export function assertSameOrigin(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (originHost(origin) !== req.headers.host) throw forbidden(msg.forbidden);
}
