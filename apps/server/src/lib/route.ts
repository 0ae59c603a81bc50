import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
  HTTPMethods,
} from 'fastify';
import type { z, ZodType } from 'zod';
import { apiErrorBodySchema, type Permission } from '@vetrina/shared';
import { AppError } from './errors.js';

/**
 * Who may call a route. Every /api route must declare one: there is no default. `fresh`: the change
 * moves money or power, so the caller must have proved who they are within the last five minutes
 * ('Conferma la tua identità', modules/auth/reauth).
 */
export type AuthRequirement = 'public' | 'user' | { user: true; fresh: true } | { permission: Permission; fresh?: true };

type Out<T> = T extends ZodType ? z.output<T> : undefined;

/**
 * What a route answers when it succeeds, by status code: a zod schema the body is serialised
 * through, or null for an answer without a body (204). Failures share apiErrorBodySchema.
 */
export type ResponseSchemas = { [status: number]: ZodType | null };

/** The body a handler returns: the input side of one of its response schemas, checked at compile time. */
type ReplyBody<R> = R extends ResponseSchemas ? { [K in keyof R]: R[K] extends ZodType ? z.input<R[K]> : void }[keyof R] : unknown;

export interface RouteDef<B, Q, P, R> {
  method: HTTPMethods;
  url: string;
  auth: AuthRequirement;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  bodyLimit?: number;
  /** Time the handler has to answer once the request is received (ms); the server's default when absent (plugins/time-limit.ts). */
  timeLimitMs?: number;
}

export interface RouteInput<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

/**
 * An answer already serialised from the route's schema (a cached storefront answer): sent byte for
 * byte, without a second serialisation (response-schemas.test.ts parses these with the schemas).
 * Bytes when the route compressed them (it sets their `content-encoding`).
 */
export class JsonText {
  constructor(readonly text: string | Buffer) {}
}

/** No content: documented for the OpenAPI page; Fastify never serialises a 204. */
const NO_CONTENT = { type: 'null', description: 'Nessun contenuto' } as const;

const isZod = (s: unknown): s is ZodType => typeof s === 'object' && s !== null && '_zod' in s;

/** The route's schemas for Fastify: its success answers, and the shared error shape for 4xx and 5xx. */
function responseSchemas(response: ResponseSchemas): Record<string, unknown> {
  const out: Record<string, unknown> = { '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema };
  for (const [status, schema] of Object.entries(response)) out[status] = schema ?? NO_CONTENT;
  return out;
}

/**
 * Registers a route whose inputs are validated by shared zod schemas before the handler runs and
 * whose answers are serialised through its response schemas. A handler with response schemas
 * returns the body; the first success status is set before it runs (reply.status() changes it).
 */
export function addRoute<
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  P extends ZodType | undefined = undefined,
  R extends ResponseSchemas = ResponseSchemas,
>(
  app: FastifyInstance,
  def: RouteDef<B, Q, P, R>,
  handler: (req: FastifyRequest, input: RouteInput<B, Q, P>, reply: FastifyReply) => Promise<ReplyBody<R> | JsonText>,
): void {
  const inputOf = (req: FastifyRequest) => ({ body: req.body, query: req.query, params: req.params }) as RouteInput<B, Q, P>;
  const response = def.response;
  const declared = Object.keys(response)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  const successStatus = declared.length ? Math.min(...declared) : 200;
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: { auth: def.auth, ...(def.timeLimitMs === undefined ? {} : { timeLimitMs: def.timeLimitMs }) },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: responseSchemas(response),
    },
    handler: async (req, reply) => {
      reply.status(successStatus);
      const body = await handler(req, inputOf(req), reply);
      if (reply.sent) return reply;
      if (!(reply.statusCode in response)) throw new ResponseShapeError(`${def.method} ${def.url}: status ${reply.statusCode} has no response schema`);
      if (body instanceof JsonText) return reply.type('application/json; charset=utf-8').send(body.text);
      return reply.send(response[reply.statusCode] === null ? undefined : body);
    },
  });
}

/** A response body that does not match its route's schema: a server bug, answered with a 500. */
export class ResponseShapeError extends Error {}

/** True when any string in the value contains a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * Fastify's validator compiler: every request input is parsed by the zod schema its route declares
 * (shared with the web app). A NUL character, which no database text can hold, is refused first.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema }) =>
  (data) => {
    if (containsNul(data)) return { error: new AppError(400, 'validation', 'Il testo contiene caratteri non validi') };
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };

/**
 * Fastify's serializer compiler: a body with a zod response schema is parsed by it (unknown
 * properties are stripped, a wrong shape fails) and then stringified. Strings a handler sends
 * (pre-serialised, cached JSON) never reach a serializer. Non-zod schemas only document answers
 * Fastify does not serialise (204, text, XML).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  if (!isZod(schema)) {
    return (data: unknown) => {
      throw new ResponseShapeError(`${method} ${url} ${httpStatus}: no JSON schema for ${typeof data}`);
    };
  }
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      const where = result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
      throw new ResponseShapeError(`${method} ${url} ${httpStatus}: the answer does not match its schema (${where})`);
    }
    return JSON.stringify(result.data);
  };
};

/**
 * Fastify's `schemaController` option. Without it, creating the server loads Fastify's default
 * compilers, Ajv and fast-json-stringify (~200 modules, a tenth of the server's start), which no
 * route uses: every route is compiled by the two zod compilers above. Fastify calls these
 * factories only where no compiler was set (app.ts sets both); they return the same ones. The
 * option's declared types are Ajv's own, hence the cast.
 */
export const schemaController = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];
