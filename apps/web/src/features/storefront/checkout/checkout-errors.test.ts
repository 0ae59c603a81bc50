import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { checkoutFailure, FALLBACK, NOT_CREATED, newIdempotencyKey, staleMethods } from './checkout-errors';

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

  it('shows the payment refusals and asks for the methods again', () => {
    const changed = checkoutFailure(new ApiError(409, 'price_changed', 'I prezzi sono cambiati', undefined, 'Prezzi aggiornati'));
    expect(changed).toMatchObject({ title: 'Prezzi aggiornati', description: 'I prezzi sono cambiati', final: true });
    expect(staleMethods(changed)).toBe(true);
    const off = checkoutFailure(new ApiError(400, 'validation', 'Metodo di pagamento non disponibile', 'paymentMethod'));
    expect(off).toMatchObject({ title: 'Errore', description: 'Metodo di pagamento non disponibile', final: true });
    expect(staleMethods(off)).toBe(true);
    const overMax = checkoutFailure(new ApiError(400, 'validation', 'Il contrassegno è disponibile per ordini fino a 100,00 €', 'paymentMethod'));
    expect(staleMethods(overMax)).toBe(true);
    expect(staleMethods(checkoutFailure(new ApiError(409, 'out_of_stock', 'Disponibilità insufficiente')))).toBe(false);
  });

  it('makes a new attempt after the card payment could not start (the server cancelled that order)', () => {
    const f = checkoutFailure(
      new ApiError(503, 'payment_unavailable', 'Il pagamento con carta non è disponibile in questo momento', undefined, 'Pagamento non disponibile'),
    );
    expect(f).toMatchObject({ title: 'Pagamento non disponibile', final: true });
    expect(staleMethods(f)).toBe(true);
  });

  it('makes keys the API accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[\w-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
