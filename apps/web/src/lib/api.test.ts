import { afterEach, describe, expect, it, vi } from 'vitest';
import { presenceResponseSchema, storeSummarySchema } from '@vetrina/shared';
import { ApiError, api, apiNoContent } from './api';
import { storeSummaryFixture as store } from './test-fixtures';

const answer = (status: number, body?: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api with a response schema', () => {
  it('returns the parsed answer', async () => {
    answer(200, { ...store, extra: 'ignored' });
    const got = await api('/api/stores/s1', { schema: storeSummarySchema });
    expect(got).toEqual(store);
  });

  it('turns an answer of another shape into an ApiError with an Italian message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(200, { online: 'tre' });
    const err = await api('/api/stores/s1/presence', { schema: presenceResponseSchema }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, code: 'invalid_response', message: 'Risposta del server non valida' });
  });

  it("reads the server's error with the shared error schema", async () => {
    answer(404, { error: { code: 'not_found', message: 'Store non trovato' } });
    await expect(api('/api/stores/x', { schema: storeSummarySchema })).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'Store non trovato' });
  });

  it('falls back to a generic message when the error body is not the shared shape', async () => {
    answer(502, { message: 'Bad gateway' });
    await expect(apiNoContent('/api/stores/x', { method: 'DELETE' })).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Si è verificato un errore. Riprova.',
    });
  });

  it('accepts a 204 without a body', async () => {
    answer(204);
    await expect(apiNoContent('/api/stores/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
