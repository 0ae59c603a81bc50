import { toApiError } from '@/lib/api-error';

/**
 * JSON calls to the public storefront API. No session or token: shoppers are guests, and the
 * session code stays out of the storefront's first load.
 */
export async function publicApi<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown; fresh?: boolean }): Promise<T> {
  const res = await fetch(path, {
    method: init?.method ?? 'GET',
    credentials: 'same-origin',
    // The API lets browsers cache reads for a few seconds; after a change we must see the new data.
    cache: init?.fresh ? 'no-cache' : 'default',
    headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}
