import type { ErrorCode } from '@vetrina/shared/errors';

/**
 * The code of a failure: one the server sent (packages/shared/src/errors.ts lists them), or one
 * of the web app's own: no error body (`http_error`), an answer its schema refused
 * (`invalid_response`), a failure carried in a page's data (`seeded`), or a code newer than this
 * build (`unknown`).
 */
export type ApiErrorCode = ErrorCode | 'http_error' | 'invalid_response' | 'seeded' | 'unknown';

/** A failed API call, carrying the Italian message the server wrote for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    readonly title?: string,
  ) {
    super(message);
  }
}

const FALLBACK_MESSAGE = 'Si è verificato un errore. Riprova.';

/**
 * The error of a failed answer, read with the shared error schema. The schema (and zod) load on the
 * first failure only: this file is part of every storefront page's first load, which carries no zod.
 */
export async function toApiError(res: { status: number; json(): Promise<unknown> }): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const read = await import('./api-error-schema')
    .then(({ apiErrorBodySchema, isErrorCode }) => {
      const parsed = apiErrorBodySchema.safeParse(body);
      return parsed.success ? { ...parsed.data.error, code: isErrorCode(parsed.data.error.code) ? parsed.data.error.code : ('unknown' as const) } : undefined;
    })
    .catch(() => undefined);
  return new ApiError(res.status, read?.code ?? 'http_error', read?.message ?? FALLBACK_MESSAGE, read?.field, read?.title);
}
