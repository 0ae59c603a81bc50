import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@vetrina/shared';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app: hashed assets cached for a year, every other
 * non-API path answered with index.html so the client router takes over.
 */
export async function registerWeb(app: FastifyInstance, distDir = defaultDist) {
  const index = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const html = hasWeb ? fs.readFileSync(index) : null;

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || req.method !== 'GET' || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ error: { code: 'not_found', message: msg.notFound } });
    }
    if (!html) return reply.status(503).type('text/plain; charset=utf-8').send('Interfaccia web non compilata: esegui npm run build');
    // The Content-Security-Policy comes from plugins/security-headers.ts, as for every HTML answer.
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
