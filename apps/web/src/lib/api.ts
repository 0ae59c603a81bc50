import type { z } from 'zod';
import { ApiError, toApiError } from './api-error';
import { readResponse } from './api-response';
import { sessionManager } from './session';
import { retryAfterFreshProof } from './fresh-proof';

export { ApiError };

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type RefusalListener = (err: ApiError) => void;
const refusalListeners = new Set<RefusalListener>();
/**
 * Told of every refused call before it is thrown, for rules that span the app (a store that asks
 * for two-step sign-in: lib/two-step-requirement.tsx). Returns the function that stops listening.
 */
export function onApiRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

function refused(err: ApiError): never {
  refusalListeners.forEach((l) => l(err));
  throw err;
}

/**
 * The request with the session's bearer token; one silent refresh-and-retry on 401; one retry after
 * 'Conferma la tua identità' on 403 'reauth_required' (lib/fresh-proof.ts); failures become ApiError,
 * told to the refusal listeners before they are thrown.
 */
async function request(path: string, opts: RequestOptions): Promise<Response> {
  const send = async () => {
    const token = await sessionManager.accessToken();
    const isForm = opts.body instanceof FormData;
    return fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      signal: opts.signal,
      headers: {
        ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    });
  };
  let res = await send();
  if (res.status === 401 && sessionManager.current) {
    const refreshed = await sessionManager.refresh('TOKEN_REFRESHED').catch(() => null);
    if (refreshed) res = await send();
  }
  if (!res.ok) {
    // 'Conferma la tua identità': a change refused for a stale proof is sent again once proved.
    const again = await retryAfterFreshProof(await toApiError(res), send);
    if (again instanceof ApiError) return refused(again);
    res = again;
    if (!res.ok) return refused(await toApiError(res));
  }
  return res;
}

/** JSON API call whose answer is parsed with the route's shared response schema (packages/shared). */
export async function api<S extends z.ZodType>(path: string, opts: RequestOptions & { schema: S }): Promise<z.output<S>> {
  return readResponse(await request(path, opts), opts.schema);
}

/** A call whose route answers 204 No Content. */
export async function apiNoContent(path: string, opts: RequestOptions = {}): Promise<void> {
  await request(path, opts);
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : err instanceof Error && err.message && !/fetch/i.test(err.message) ? err.message : fallback;
