import type { ApiErrorBody } from '@vetrina/shared';

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

export async function toApiError(res: { status: number; json(): Promise<unknown> }): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
  const e = body?.error;
  return new ApiError(res.status, e?.code ?? 'http_error', e?.message ?? 'Si è verificato un errore. Riprova.', e?.field, e?.title);
}
