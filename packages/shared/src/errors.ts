import { z } from 'zod';

export type ErrorCode =
  'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'payload_too_large' | 'unsupported_media_type' | 'internal';

/** The one shape every failing API response has (declared once for every route's 4xx and 5xx). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    /** One of ErrorCode; kept open so an older client reads a newer server's codes. */
    code: z.string(),
    /** Italian, for the user. */
    message: z.string(),
    /** The request field the message is about, when there is one. */
    field: z.string().optional(),
    title: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
