import type { ErrorCode } from '@vetrina/shared';

/** A domain failure with the Italian message the user sees. Mapped to HTTP in one error handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; title?: string; retryAfter?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'validation', message, { field });
export const unauthenticated = (message: string) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string, extra: { field?: string; title?: string } = {}) => new AppError(409, 'conflict', message, extra);
export const rateLimited = (message: string, retryAfter: number, title?: string) => new AppError(429, 'rate_limited', message, { retryAfter, title });
