import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, engine, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { error: { code: 'forbidden', message: 'Non hai i permessi per questa operazione' } };
const foreignOrigins = ['null', 'http://[bad', 'https://evil.example', 'not a url', ''];

describe(`cookie routes refuse other origins (${engine})`, () => {
  for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
    it(`${url} answers 403 to a foreign, opaque or malformed Origin and changes nothing`, async () => {
      const user = await createUser(server);
      user.client.setToken(null);
      for (const origin of foreignOrigins) {
        const res = await user.client.post(url, url.endsWith('logout') ? { scope: 'global' } : undefined, { headers: { origin } });
        expect(res.status, origin).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
        expect(res.headers.getSetCookie(), origin).toEqual([]);
      }
      // The session survived every refused call.
      const refreshed = await user.client.post('/api/auth/refresh', undefined, { headers: { origin: server.url } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.session.user.email).toBe(user.email);
    });
  }

  it('signs out from the same origin', async () => {
    const user = await createUser(server);
    user.client.setToken(null);
    expect((await user.client.post('/api/auth/logout', { scope: 'local' }, { headers: { origin: server.url } })).status).toBe(204);
    expect((await user.client.post('/api/auth/refresh', undefined, { headers: { origin: server.url } })).status).toBe(401);
  });

  it('still accepts calls without an Origin (same-origin requests of some browsers, scripts)', async () => {
    const user = await createUser(server);
    expect((await user.client.post('/api/auth/refresh')).status).toBe(200);
  });
});
