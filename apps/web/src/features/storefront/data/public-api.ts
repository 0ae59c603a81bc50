import type { z } from 'zod';
import { ApiError, toApiError } from '@/lib/api-error';
import { INVALID_RESPONSE } from '@/lib/api-response';
import type * as publicSchemas from './public-schemas';

import type { Transport } from '@vetrina/shared/page-renderer';

export type { Transport, TransportAnswer } from '@vetrina/shared/page-renderer';

const browserTransport: Transport = (path, init) =>
  fetch(path, {
    method: init.method,
    credentials: 'same-origin',
    // The API lets browsers cache reads for a few seconds; after a change we must see the new data.
    cache: init.fresh ? 'no-cache' : 'default',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body,
  });

let transport: Transport = browserTransport;

/** The server renders pages with the same calls, answered in-process (set once at start-up). */
export function setPublicApiTransport(t: Transport) {
  transport = t;
}

/** The public routes' response schemas, by name (the module loads on demand: see loadSchemas). */
export type PublicSchemas = typeof publicSchemas;

let schemas: Promise<PublicSchemas> | undefined;
/**
 * The schemas (and zod) are fetched once, in parallel with the first call that needs them: the
 * page's first load carries neither. Server-rendered pages seed the browser with data the server
 * already parsed, so the first fetch (and this import) comes after hydration.
 */
const loadSchemas = () => (schemas ??= import('./public-schemas'));

/**
 * JSON calls to the public storefront API. No session or token: shoppers are guests, and the
 * session code stays out of the storefront's first load. Every answer is parsed with its route's
 * shared response schema (`schema` picks it): the typed output, or an ApiError 'invalid_response'.
 */
export async function publicApi<S extends z.ZodType>(
  path: string,
  init: { schema: (all: PublicSchemas) => S; method?: 'GET' | 'POST'; body?: unknown; fresh?: boolean },
): Promise<z.output<S>> {
  const [res, all] = await Promise.all([
    transport(path, {
      method: init.method ?? 'GET',
      fresh: init.fresh ?? false,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    loadSchemas(),
  ]);
  if (!res.ok) throw await toApiError(res);
  const parsed = init.schema(all).safeParse(await res.json().catch(() => undefined));
  if (parsed.success) return parsed.data;
  if (import.meta.env.DEV) console.error(`${INVALID_RESPONSE}: ${path}`, parsed.error.issues);
  throw new ApiError(res.status, 'invalid_response', INVALID_RESPONSE);
}
