import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiErrorBodySchema, msg } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { contentTypeOf, type LocalFileStorage } from './storage.js';
import { LOCAL_FILES_PREFIX, resolveInside } from './local-storage.js';

const notFoundBody = { error: { code: 'not_found', message: msg.notFound } };

/** For the API document only: a stored file is streamed as it is, never serialised from a schema. */
const fileAnswer = {
  description: 'Il file (immagine o logo caricato)',
  content: Object.fromEntries(
    ['image/webp', 'image/png', 'image/jpeg', 'application/octet-stream'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
};
/** Outside /api, so addRoute does not apply; the 404 goes out through the shared error schema. */
const schema = {
  summary: 'Un file caricato (driver locale): cache di un anno, il contenuto di una chiave non cambia',
  tags: ['file'],
  response: { 200: fileAnswer, '4xx': apiErrorBodySchema },
};

/**
 * Serves the local driver's files at /files/{key}. Keys never change content (each upload gets a
 * new name), so browsers may cache them for a year. Paths outside the files folder are 404.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const storage = ctx.storage;
  if (storage.driver !== 'local') return;
  const { root } = storage as LocalFileStorage;
  app.get(`${LOCAL_FILES_PREFIX}*`, { config: { auth: 'public' }, schema }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'] ?? '';
    let full: string;
    try {
      full = resolveInside(root, key);
    } catch {
      return reply.status(404).send(notFoundBody);
    }
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat?.isFile()) return reply.status(404).send(notFoundBody);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-type', contentTypeOf(key))
      .header('content-length', stat.size)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(fs.createReadStream(full));
  });
}
