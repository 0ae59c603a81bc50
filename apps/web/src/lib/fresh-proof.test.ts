import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSummarySchema } from '@vetrina/shared';
import { freshProofMsg } from '@vetrina/shared/fresh-proof';
import { api } from './api';
import { freshProof } from './fresh-proof';
import { storeSummaryFixture as store } from './test-fixtures';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = { error: { code: 'reauth_required', message: 'Per questa modifica conferma la tua identità.', title: 'Conferma la tua identità' } };

/** The server refuses the first time, then answers `then`; returns the fetch mock. */
function refuseOnce(then: Response) {
  const fetchMock = vi.fn().mockResolvedValueOnce(json(403, refusal)).mockResolvedValueOnce(then);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
/** A dialog stand-in that answers every question with `proved`. */
function dialogAnswering(proved: boolean) {
  const seen: string[] = [];
  const off = freshProof.subscribe(() => {
    const q = freshProof.current();
    if (!q) return;
    seen.push(q.refusal.title ?? '');
    queueMicrotask(() => freshProof.settle(proved));
  });
  return { seen, off };
}

let off: (() => void) | undefined;
afterEach(() => {
  off?.();
  off = undefined;
  vi.unstubAllGlobals();
});

describe("'Conferma la tua identità' in the API client", () => {
  it('asks once on 403 reauth_required, then sends the same request again', async () => {
    const fetchMock = refuseOnce(json(200, store));
    const dialog = dialogAnswering(true);
    off = dialog.off;
    await expect(api('/api/stores/s1/payments', { method: 'PUT', body: { a: 1 }, schema: storeSummarySchema })).resolves.toEqual(store);
    expect(dialog.seen).toEqual(['Conferma la tua identità']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    expect(calls[1]?.[0]).toBe(calls[0]?.[0]);
    expect(calls[1]?.[1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ a: 1 }) });
  });

  it('a closed dialog sends nothing more and fails with a clear message', async () => {
    const fetchMock = refuseOnce(json(200, store));
    off = dialogAnswering(false).off;
    await expect(api('/api/stores/s1/payments', { method: 'PUT', body: {}, schema: storeSummarySchema })).rejects.toMatchObject({
      status: 403,
      code: 'reauth_required',
      message: freshProofMsg.cancelled,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks only once: a second refusal after the proof is the answer', async () => {
    const fetchMock = refuseOnce(json(403, refusal));
    const dialog = dialogAnswering(true);
    off = dialog.off;
    await expect(api('/api/x', { method: 'DELETE', schema: storeSummarySchema })).rejects.toMatchObject({ status: 403, code: 'reauth_required' });
    expect(dialog.seen).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without a dialog on the page the refusal is passed on as the server wrote it', async () => {
    refuseOnce(json(200, store));
    await expect(api('/api/x', { method: 'PUT', body: {}, schema: storeSummarySchema })).rejects.toMatchObject({ message: refusal.error.message });
  });
});
