import { describe, expect, it, vi } from 'vitest';
import { msg } from '@vetrina/shared';
import { ApiError } from './api-error';
import { isRateLimited, setServerFieldError } from './form-errors';

type Values = { email: string; password: string };

describe('setServerFieldError', () => {
  it("puts a field's server message under that field", () => {
    const setError = vi.fn();
    const err = new ApiError(400, 'invalid_password', msg.passwordWrong, 'password');
    expect(setServerFieldError<Values>(err, setError, ['email', 'password'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('password', { type: 'server', message: msg.passwordWrong }, { shouldFocus: true });
  });

  it('leaves errors without a field, or with a field the form does not have, to the caller', () => {
    const setError = vi.fn();
    expect(setServerFieldError<Values>(new ApiError(429, 'rate_limited', msg.tooManyMails), setError, ['email', 'password'])).toBe(false);
    expect(setServerFieldError<Values>(new ApiError(400, 'validation', msg.linkInvalid, 'token'), setError, ['email', 'password'])).toBe(false);
    expect(setServerFieldError<Values>(new Error('offline'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('isRateLimited', () => {
  it('is true only for a 429 from the server', () => {
    expect(isRateLimited(new ApiError(429, 'rate_limited', msg.tooManySignups))).toBe(true);
    expect(isRateLimited(new ApiError(400, 'validation', msg.passwordTooCommon, 'password'))).toBe(false);
    expect(isRateLimited(new Error('x'))).toBe(false);
  });
});
