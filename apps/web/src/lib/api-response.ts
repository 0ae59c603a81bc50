import type { z } from 'zod';
import { ApiError } from './api-error';

/** The server answered, but not with the shape its route declares (an older page against a newer server, a proxy's page…). */
export const INVALID_RESPONSE = 'Risposta del server non valida';

/**
 * Reads a successful answer with its route's shared response schema (packages/shared): the typed
 * output, or an ApiError. Only the schema's code runs here, so this file itself brings in no zod.
 */
export async function readResponse<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const json: unknown = await res.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  if (import.meta.env.DEV) console.error(`${INVALID_RESPONSE}: ${res.url}`, parsed.error.issues);
  throw new ApiError(res.status, 'invalid_response', INVALID_RESPONSE);
}
