import { ApiError, toApiError } from './api-error';
import { sessionManager } from './session';

export { ApiError };

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** JSON API call with the session's bearer token; one silent refresh-and-retry on 401. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
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
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : err instanceof Error && err.message && !/fetch/i.test(err.message) ? err.message : fallback;
