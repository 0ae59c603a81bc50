import type { FastifyError, FastifyInstance } from 'fastify';
import { msg, type ApiErrorBody, type ErrorCode } from '@vetrina/shared';
import { AppError } from '../lib/errors.js';

interface ZodLikeError {
  issues: Array<{ message: string; path: PropertyKey[] }>;
}
const isZodError = (e: unknown): e is ZodLikeError => typeof e === 'object' && e !== null && Array.isArray((e as ZodLikeError).issues);

const body = (code: ErrorCode, message: string, extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {}): ApiErrorBody => ({
  error: { code, message, ...extra },
});

/** The one place where failures become HTTP responses. Nothing but 5xx reaches the error log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfter) reply.header('retry-after', Math.ceil(err.extra.retryAfter / 1000));
      const { field, title } = err.extra;
      return reply.status(err.status).send(body(err.code, err.message, { ...(field ? { field } : {}), ...(title ? { title } : {}) }));
    }
    if (isZodError(err)) {
      const first = err.issues[0];
      const field = first?.path.map(String).join('.') || undefined;
      return reply.status(400).send(body('validation', first?.message ?? msg.invalidField(''), field ? { field } : {}));
    }
    const fe = err as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(body('validation', msg.invalidJson));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('validation', 'Il corpo della richiesta è mancante o non valido'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('payload_too_large', msg.payloadTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(415).send(body('unsupported_media_type', msg.unsupportedMedia));
    }
    // Safety net: text the database cannot store (encoding errors) is bad input, not a server fault.
    if (fe.code === '22021' || fe.code === '22P05') return reply.status(400).send(body('validation', 'Il testo contiene caratteri non validi'));
    const status = fe.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('rate_limited', msg.tooManyRequests));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 404 ? 'not_found' : 'validation', status === 404 ? msg.notFound : 'Richiesta non valida'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', msg.internal));
  });
}
