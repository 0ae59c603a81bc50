import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { checkoutFailure, FALLBACK, NOT_CREATED, newIdempotencyKey } from './checkout-errors';

describe('checkout errors (spec §8)', () => {
  it('shows Troppi tentativi on 429 or a message containing Too many', () => {
    const expected = { title: 'Troppi tentativi', description: 'Hai raggiunto il limite di ordini. Riprova tra qualche ora.' };
    expect(checkoutFailure(new ApiError(429, 'rate_limited', 'qualunque'))).toMatchObject(expected);
    expect(checkoutFailure(new Error('Too many requests'))).toMatchObject(expected);
  });

  it("uses the server's message and title, and marks 4xx as final", () => {
    const f = checkoutFailure(new ApiError(409, 'out_of_stock', 'Disponibilità insufficiente per "Tazza"', undefined, 'Disponibilità insufficiente'));
    expect(f).toEqual({ title: 'Disponibilità insufficiente', description: 'Disponibilità insufficiente per "Tazza"', final: true, code: 'out_of_stock' });
    expect(checkoutFailure(new ApiError(400, 'validation', 'CAP non valido')).title).toBe('Errore');
  });

  it('falls back to the spec texts', () => {
    expect(checkoutFailure(new ApiError(502, 'http_error', 'x'))).toMatchObject({ description: NOT_CREATED, final: false });
    expect(checkoutFailure(new Error(NOT_CREATED))).toMatchObject({ description: NOT_CREATED, final: true });
    expect(checkoutFailure(new TypeError('Failed to fetch'))).toMatchObject({ description: FALLBACK, final: false });
  });

  it('makes keys the API accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[\w-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
