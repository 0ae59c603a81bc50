import type { FastifyInstance } from 'fastify';
import type { Transport, TransportAnswer } from '@vetrina/shared/page-renderer';
import { AppError } from '../../lib/errors.js';
import { productParams, slugParams, storefrontProductsQuerySchema, type StorefrontService } from './service.js';

/** An answer of the in-process transport (the shape the pages' API client reads). */
const answer = (status: number, body: string | null): TransportAnswer => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => (body ? JSON.parse(body) : null),
});

/**
 * How the rendered pages' loaders reach the API on the server. The storefront's reads are answered
 * straight from its service (same cache, same rules as the HTTP routes, without a request's round
 * trip through the framework); anything else (and any input the routes' schemas would refuse) goes
 * through the real route in-process.
 */
export function pageTransport(app: FastifyInstance, storefront: StorefrontService): Transport {
  return async (apiPath, init) => {
    const direct = init.method === 'GET' ? await storefrontRead(storefront, apiPath) : null;
    if (direct) return direct;
    const res = await app.inject({
      method: init.method,
      url: apiPath,
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      payload: init.body,
    });
    return answer(res.statusCode, res.statusCode === 204 ? null : res.body);
  };
}

const STOREFRONT_API = /^\/api\/public\/stores\/([^/?]+)(?:\/products(?:\/([^/?]+))?)?(?:\?|$)/;

/** A GET of the storefront API answered by its service, or null when the route should answer it. */
async function storefrontRead(service: StorefrontService, apiPath: string): Promise<TransportAnswer | null> {
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
