import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@vetrina/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Time this route's handler has to answer once its request is received (ms); the server's default when absent. */
    timeLimitMs?: number;
  }
}

/** What a client whose request was not answered in time reads. */
export const TIMEOUT_MESSAGE = 'Il server non ha risposto in tempo. Riprova tra qualche istante.';
/** What a client that sent its request too slowly (or stopped halfway) reads, if it still listens. */
export const SLOW_REQUEST_MESSAGE = 'La richiesta è arrivata troppo lentamente ed è stata interrotta. Riprova.';

/** A request the server has not answered yet. */
interface Pending {
  req: FastifyRequest;
  reply: FastifyReply;
  arrived: number;
  /** When its clock started: the last moment its body was seen still arriving. */
  since: number;
  limitMs: number;
}

/** The request a connection is serving now (the last one routed on it). */
const CURRENT = Symbol('vetrina.currentRequest');
type TrackedSocket = Socket & { [CURRENT]?: Pending };

const errorBody = (code: ErrorCode, message: string) => JSON.stringify({ error: { code, message } });

/** Answered, taken over (a WebSocket) or already streaming: no longer the time limit's business. */
const started = (p: Pending) => p.reply.sent || p.reply.raw.headersSent;

export interface TimeLimitOptions {
  /** Default time a handler has once its request is received (ms). */
  handlerMs: number;
}

/**
 * Every request gets an answer in bounded time. A handler that has not started answering
 * `timeLimitMs` after its request was fully received (the route's `config.timeLimitMs`, else the
 * default) is answered 503 with the shared error shape, and a warning says which route it was and
 * for how long; its own late answer is then dropped by the framework. The clock starts once the
 * body has arrived: receiving it is bounded by the server's request and idle timeouts, so a slow
 * honest upload is not cut by its handler's limit. An answer that has started (a CSV export, a
 * ZIP download, a WebSocket) is never cut: a client that stops reading it is dropped by the idle
 * timeout.
 *
 * One sweep every tenth of the shortest limit (at most a second) looks at the requests in flight
 * instead of a timer per request: a request costs a map entry, set on arrival and deleted once
 * answered (kept until the sweep, the requests of a busy second would wait in memory with it).
 *
 * It also decides what the server's idle timeout does: a connection silent for that long is
 * dropped, except while its handler works on a fully received request.
 */
export function registerTimeLimit(app: FastifyInstance, opts: TimeLimitOptions) {
  const pending = new Map<FastifyRequest, Pending>();
  let finest = opts.handlerMs;
  let sweeper: NodeJS.Timeout | null = null;

  app.addHook('onRoute', (route) => {
    const limit = route.config?.timeLimitMs;
    if (limit === undefined) return;
    if (!Number.isInteger(limit) || limit <= 0) throw new Error(`${String(route.method)} ${route.url}: timeLimitMs must be a positive integer (ms)`);
    finest = Math.min(finest, limit);
  });

  app.addHook('onRequest', (req, reply, done) => {
    const now = Date.now();
    const p: Pending = { req, reply, arrived: now, since: now, limitMs: req.routeOptions.config?.timeLimitMs ?? opts.handlerMs };
    pending.set(req, p);
    (req.raw.socket as TrackedSocket)[CURRENT] = p;
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    const p = pending.get(req);
    pending.delete(req);
    const socket = req.raw.socket as TrackedSocket;
    if (p && socket[CURRENT] === p) socket[CURRENT] = undefined;
    done();
  });

  const expire = (p: Pending, now: number) => {
    const { req, reply } = p;
    const where = {
      method: req.method,
      route: req.routeOptions.url ?? '(not-found handler: page or unknown address)',
      elapsedMs: now - p.arrived,
      sinceReceivedMs: now - p.since,
      limitMs: p.limitMs,
      requestsInFlight: pending.size,
    };
    if (reply.raw.destroyed) {
      req.log.warn(where, 'handler still running past its time limit; the client has gone');
      return;
    }
    req.log.warn(where, 'handler did not answer within its time limit: 503 sent');
    void reply.code(503).header('retry-after', '5').type('application/json; charset=utf-8').send(errorBody('timeout', TIMEOUT_MESSAGE));
  };

  const sweep = () => {
    const now = Date.now();
    for (const p of pending.values()) {
      if (started(p)) pending.delete(p.req);
      else if (!p.req.raw.complete) p.since = now;
      else if (now - p.since >= p.limitMs) {
        expire(p, now);
        pending.delete(p.req);
      }
    }
  };

  app.addHook('onReady', async () => {
    sweeper = setInterval(sweep, Math.max(20, Math.min(1000, Math.floor(finest / 10))));
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  // With a listener here Node leaves the decision to us instead of destroying every silent socket.
  app.server.on('timeout', (socket: TrackedSocket) => {
    const p = socket[CURRENT];
    const open = p !== undefined && !started(p);
    if (open && p.req.raw.complete) return;
    if (open && !socket.destroyed) {
      // A body that stopped arriving: said once, then the connection closes.
      p.req.log.info({ method: p.req.method, route: p.req.routeOptions.url, elapsedMs: Date.now() - p.arrived }, 'request body stalled: connection dropped');
      void p.reply.code(408).header('connection', 'close').type('application/json; charset=utf-8').send(errorBody('timeout', SLOW_REQUEST_MESSAGE));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    socket.destroy();
  });
}

/**
 * Fastify's `clientErrorHandler`: what a connection gets when Node gives up on its request before
 * any route saw it (headers or body too slow, malformed or oversized headers). The shared error
 * shape in Italian, like every other refusal, then the connection closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already under way on this connection cannot be followed by another.
  const res = (socket as TrackedSocket)[CURRENT]?.reply.raw;
  if (!socket.writable || (res && res.headersSent && !res.writableFinished)) {
    socket.destroy();
    return;
  }
  const [status, body] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, errorBody('timeout', SLOW_REQUEST_MESSAGE)]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, errorBody('validation', 'Le intestazioni della richiesta sono troppo grandi')]
        : [400, errorBody('validation', 'Richiesta non valida')];
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
