import { toApiError } from '@/lib/api-error';

/**
 * What a call needs of an answer. `fetch`'s Response has it; the server's in-process transport
 * answers with a plain object of this shape (no stream, no body copy).
 */
export interface TransportAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** How a public GET or POST reaches the API: `fetch` in the browser, an in-process call on the server. */
export type Transport = (path: string, init: { method: 'GET' | 'POST'; body?: string; fresh: boolean }) => Promise<TransportAnswer>;

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

/**
 * JSON calls to the public storefront API. No session or token: shoppers are guests, and the
 * session code stays out of the storefront's first load.
 */
export async function publicApi<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown; fresh?: boolean }): Promise<T> {
  const res = await transport(path, {
    method: init?.method ?? 'GET',
    fresh: init?.fresh ?? false,
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}
