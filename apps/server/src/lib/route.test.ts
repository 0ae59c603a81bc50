import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../plugins/errors.js';
import { addRoute, JsonText, serializerCompiler } from './route.js';

const accountSchema = z.object({ id: z.string(), email: z.string(), lastSeen: z.string().nullable() });
const row = { id: 'u1', email: 'mario@example.it', lastSeen: null, password_hash: '$argon2id$secret', internal_note: 'x' };

const app = Fastify({ logger: false });
beforeAll(async () => {
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  addRoute(app, { method: 'GET', url: '/account', auth: 'public', summary: 'account', response: { 200: accountSchema } }, async () => row);
  addRoute(app, { method: 'POST', url: '/account', auth: 'public', summary: 'create', response: { 201: accountSchema } }, async () => row);
  addRoute(app, { method: 'DELETE', url: '/account', auth: 'public', summary: 'delete', response: { 204: null } }, async () => undefined);
  // A database drift (a number where the schema says text) is a server bug, not something to send.
  addRoute(
    app,
    { method: 'GET', url: '/drifted', auth: 'public', summary: 'drift', response: { 200: accountSchema } },
    async () => ({ ...row, email: 42 }) as unknown as typeof row,
  );
  addRoute(app, { method: 'GET', url: '/undeclared', auth: 'public', summary: 'status', response: { 200: accountSchema } }, async (_req, _input, reply) => {
    reply.status(202);
    return row;
  });
  // Cached answers, already serialised from the schema, are sent as ready-made JSON text.
  addRoute(
    app,
    { method: 'GET', url: '/cached', auth: 'public', summary: 'cached', response: { 200: z.object({ a: z.string(), b: z.number() }) } },
    async () => new JsonText('{"b":1,  "a":"già pronto"}'),
  );
  // @ts-expect-error the handler's answer must match the schema's input at compile time
  addRoute(app, { method: 'GET', url: '/typed', auth: 'public', summary: 'typed', response: { 200: accountSchema } }, async () => ({ id: 1 }));
  await app.ready();
});
afterAll(() => app.close());

describe('response schemas', () => {
  it('serialises through the schema: properties it does not name are not sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'u1', email: 'mario@example.it', lastSeen: null });
    expect(res.body).not.toContain('argon2');
  });

  it('sets the declared success status, and sends nothing for a 204', async () => {
    expect((await app.inject({ method: 'POST', url: '/account' })).statusCode).toBe(201);
    const deleted = await app.inject({ method: 'DELETE', url: '/account' });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('answers 500 with the shared error shape when the body does not match, or the status has no schema', async () => {
    for (const url of ['/drifted', '/undeclared']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal', message: 'Si è verificato un errore imprevisto. Riprova più tardi.' } });
      expect(res.body).not.toContain('argon2');
    }
  });

  it('passes ready-made JSON text through unchanged', async () => {
    const res = await app.inject({ method: 'GET', url: '/cached' });
    expect(res.body).toBe('{"b":1,  "a":"già pronto"}');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
