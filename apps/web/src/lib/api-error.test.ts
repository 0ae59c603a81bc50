import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error';

const answer = (status: number, body: unknown) => ({ status, json: async () => body });

describe('toApiError', () => {
  it('keeps a code of the shared list, with the message and the field', async () => {
    const err = await toApiError(answer(409, { error: { code: 'price_changed', message: 'I prezzi sono cambiati', field: 'items' } }));
    expect(err).toMatchObject({ status: 409, code: 'price_changed', message: 'I prezzi sono cambiati', field: 'items' });
  });
  it("reads a newer server's code as unknown, keeping its message", async () => {
    const err = await toApiError(answer(400, { error: { code: 'brand_new_rule', message: 'Regola nuova' } }));
    expect(err).toMatchObject({ status: 400, code: 'unknown', message: 'Regola nuova' });
  });
  it('answers without an error body as http_error, with the generic message', async () => {
    const err = await toApiError({ status: 502, json: () => Promise.reject(new Error('not JSON')) });
    expect(err).toMatchObject({ status: 502, code: 'http_error', message: 'Si è verificato un errore. Riprova.' });
  });
});
