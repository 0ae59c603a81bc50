import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts a server error that names one of the form's fields (e.g. `password`: 'La password attuale
 * non è corretta') under that field. Returns false when the error belongs to no field of the form,
 * so the caller shows it elsewhere (toast or a message above the form).
 */
export function setServerFieldError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(err instanceof ApiError) || !err.field) return false;
  const field = fields.find((f) => f === err.field);
  if (!field) return false;
  setError(field, { type: 'server', message: err.message }, { shouldFocus: true });
  return true;
}

/** A refusal that concerns the whole form rather than one field (429 limits, conflicts). */
export const isRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;
