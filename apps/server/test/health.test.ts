import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, engine, startServer, type TestServer } from './harness.js';

/** A local port nothing listens on (taken from the OS, then freed). */
async function closedPort() {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe(`health probes (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('/healthz answers while the process serves; /readyz once the database answers; neither is cached', async () => {
    const c = client(server.url);
    const live = await c.get('/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await c.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz answers 503 when the configured Redis does not answer, naming only which dependency is down', async () => {
    const broken = await startServer({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const c = client(broken.url);
      expect((await c.get('/healthz')).status).toBe(200);
      const ready = await c.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'down', checks: { database: 'ok', redis: 'down' } });
    } finally {
      await broken.close();
    }
  });
});
