export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal';

/** The one shape every failing API response has. */
export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; field?: string; title?: string };
}
