import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { publicApi, setPublicApiTransport, type PublicSchemas, type Transport } from './public-api';

const answering = (status: number, body: unknown): Transport => async () => ({ ok: status >= 200 && status < 300, status, json: async () => body });
const suggestions = (s: PublicSchemas) => s.storefrontSuggestionsResponseSchema;

const card = { id: 'p1', slug: 'sciarpa', title: 'Sciarpa', priceCents: 1990, priceVaries: false, thumbUrl: null };

afterEach(() => setPublicApiTransport(answering(500, null)));

describe('publicApi', () => {
  it('returns the answer parsed with its route schema, without properties the schema does not name', async () => {
    setPublicApiTransport(answering(200, { items: [{ ...card, store_id: 's1' }] }));
    const got = await publicApi('/api/public/stores/bottega/suggestions?q=sc', { schema: suggestions });
    expect(got).toEqual({ items: [card] });
  });

  it('turns an answer of another shape into "Risposta del server non valida"', async () => {
    setPublicApiTransport(answering(200, { items: [{ ...card, priceCents: '19,90' }] }));
    const err = await publicApi('/api/public/stores/bottega/suggestions?q=sc', { schema: suggestions }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'invalid_response', message: 'Risposta del server non valida' });
  });

  it('keeps the server’s Italian message on a failure', async () => {
    setPublicApiTransport(answering(404, { error: { code: 'not_found', message: 'Store non trovato' } }));
    await expect(publicApi('/api/public/stores/nessuno', { schema: (s) => s.publicStoreResponseSchema })).rejects.toMatchObject({ status: 404, message: 'Store non trovato' });
  });
});
