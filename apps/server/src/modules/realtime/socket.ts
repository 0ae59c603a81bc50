import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { clientFrameSchema, realtimeMsg, type ClientFrame, type ServerFrame } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { Connection } from './connection.js';
import { ipLimits, type IpLimits } from './ip-limits.js';
import { AccessCheckOvertaken, connectionRegistry } from './registry.js';

/** Frames of one socket waiting for their turn; a client flooding more is told to slow down. */
const MAX_PENDING_FRAMES = 32;
/** WebSocket close code 1008: policy violation. */
const POLICY_VIOLATION = 1008;

function parseFrame(raw: RawData): { frame: ClientFrame } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch {
    return { error: realtimeMsg.badFrame };
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  return { error: parsed.error.issues.some((i) => i.path[0] === 'visitorId') ? realtimeMsg.badVisitor : realtimeMsg.badFrame };
}

/** Room for one more socket from this address, or false (counted as anonymous until it signs in). */
function admit(limits: IpLimits, ip: string): boolean {
  if (!limits.sockets.tryAdd(ip)) return false;
  if (limits.anonymous.tryAdd(ip)) return true;
  limits.sockets.remove(ip);
  return false;
}

/**
 * One WebSocket per browser tab at /api/realtime. The access token arrives as the first frame
 * (never in the URL, which would land in logs) and again after every refresh. Frames of a socket
 * are handled one at a time, in order, so a subscription always sees the token sent before it.
 * Access is enforced for as long as the socket stays open, not only when it subscribes (see
 * registry.ts and docs/decisions/0003-realtime.md).
 */
export function registerRealtime(app: FastifyInstance, ctx: AppContext) {
  const registry = connectionRegistry(ctx.bus);
  const limits = ipLimits();
  app.addHook('onClose', async () => registry.close());

  app.get('/api/realtime', { websocket: true, config: { auth: 'public' } }, (socket: WebSocket, req) => {
    const ip = req.ip;
    if (!admit(limits, ip)) {
      socket.send(JSON.stringify({ type: 'error', code: 'too_many_connections', message: realtimeMsg.tooManyConnections } satisfies ServerFrame));
      socket.close(POLICY_VIOLATION, realtimeMsg.tooManyConnections);
      return;
    }
    const conn = new Connection(socket, ip, ctx, registry, limits);
    let queue: Promise<void> = Promise.resolve();
    let pending = 0;

    socket.on('message', (raw) => {
      const parsed = parseFrame(raw);
      if ('error' in parsed) return conn.fail('bad_request', parsed.error);
      const { frame } = parsed;
      if (frame.type === 'ping') return conn.send({ type: 'pong' });
      if (pending >= MAX_PENDING_FRAMES) return conn.fail('too_many', realtimeMsg.tooManyFrames);
      pending++;
      queue = queue
        .then(() => conn.handle(frame))
        .catch((err: unknown) => {
          const channel = frame.type === 'subscribe' ? frame.channel : undefined;
          if (err instanceof AccessCheckOvertaken) return conn.fail('unavailable', realtimeMsg.retry, channel);
          ctx.log.error({ err }, 'realtime frame failed');
          conn.fail('internal', realtimeMsg.internal, channel);
        })
        .finally(() => pending--);
    });
    socket.on('close', () => conn.close());
    conn.send({ type: 'ready', userId: null });
  });
}
