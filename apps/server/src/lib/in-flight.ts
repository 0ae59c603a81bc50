import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests the server is still working on, whether or not their client is still connected.
 * Closing the server waits for its connections, but a client that hangs up mid-checkout ends its
 * connection, not its handler: the checkout goes on, and closing the database or Redis under it
 * failed it halfway ("driver has already been destroyed"; test/ops.test.ts). A request counts from
 * its arrival until its answer is sent (`onSend`, which runs whether or not anyone still listens)
 * or, for answers sent without one, until the response ends. WebSocket upgrades are not counted.
 */
export function requestsInFlight(app: FastifyInstance) {
  const running = new Set<FastifyRequest>();
  let waiters: Array<() => void> = [];
  const done = (req: FastifyRequest) => {
    if (!running.delete(req) || running.size) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  app.addHook('onRequest', async (req) => {
    // A WebSocket's upgrade is handed to the socket's own handlers and never answered here; the
    // sockets are closed with the server (plugins/realtime).
    if (req.headers.upgrade) return;
    running.add(req);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    done(req);
    return payload;
  });
  app.addHook('onResponse', async (req) => done(req));
  return {
    /** Resolves once no request is running, or after `ms` (a handler that never ends must not hold a deploy). */
    settled(ms: number): Promise<void> {
      if (!running.size) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
