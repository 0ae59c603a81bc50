/** A failed API call, carrying the Italian message the server wrote for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
  const parsed = await import('./api-error-schema').then(({ apiErrorBodySchema }) => apiErrorBodySchema.safeParse(body)).catch(() => null);
  const e = parsed?.success ? parsed.data.error : undefined;
  return new ApiError(res.status, e?.code ?? 'http_error', e?.message ?? FALLBACK_MESSAGE, e?.field, e?.title);
}
