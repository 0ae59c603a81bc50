import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z, type ZodType } from 'zod';

const isZod = (s: unknown): s is ZodType => typeof s === 'object' && s !== null && '_zod' in s;
const toJson = (s: unknown, io: 'input' | 'output' = 'input') => (isZod(s) ? z.toJSONSchema(s, { io, unrepresentable: 'any' }) : s);

const DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Creato', '202': 'Accettato', '4xx': 'Richiesta rifiutata', '5xx': 'Errore del server' };

/** Response schemas as the client receives them (zod's output side), each with a description. */
function responsesToJson(response: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => [
      status,
      isZod(schema) ? { description: DESCRIPTIONS[status] ?? 'Risposta', ...(toJson(schema, 'output') as object) } : schema,
    ]),
  );
}

/** OpenAPI document generated from the same zod schemas that validate requests; UI at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vetrina API', version: '1.0.0', description: 'API del negozio online multi-store Vetrina.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const s = schema as Record<string, unknown>;
      const out: Record<string, unknown> = { ...s };
      for (const k of ['body', 'querystring', 'params']) if (s[k]) out[k] = toJson(s[k]);
      if (s.response) out.response = responsesToJson(s.response as Record<string, unknown>);
      return { schema: out, url };
    },
  });
  // Its page needs nothing beyond the Content-Security-Policy every HTML answer gets
  // (plugins/security-headers.ts): scripts and styles are files under /api/docs/static, the logo a
  // data: image, the spec a same-origin fetch, and the online validator is off by default.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
