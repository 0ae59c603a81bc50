import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '@vetrina/shared';

/**
 * A test WebSocket client that records every frame and can wait for one. `headers` lets a test
 * connect "from" another address through X-Forwarded-For (on a server started with TRUST_PROXY).
 */
export async function connectRealtime(baseUrl: string, opts: { headers?: Record<string, string> } = {}) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers: opts.headers });
  const frames: ServerFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as ServerFrame);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const api = {
    frames,
    send(frame: ClientFrame | string) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    async waitFor(pred: (f: ServerFrame) => boolean, timeoutMs = 3000): Promise<ServerFrame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = frames.find(pred);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
    /** Waits for a matching frame that arrives after this call (earlier ones do not count). */
    next(pred: (f: ServerFrame) => boolean, timeoutMs = 3000): Promise<ServerFrame> {
      const from = frames.length;
      return api.waitFor((f) => frames.indexOf(f) >= from && pred(f), timeoutMs);
    },
    /** Resolves true if no matching frame arrives within the window. */
    async never(pred: (f: ServerFrame) => boolean, windowMs = 400) {
      await new Promise((r) => setTimeout(r, windowMs));
      return !frames.some(pred);
    },
    async auth(token: string) {
      const ready = api.next((f) => f.type === 'ready' && f.userId !== null);
      api.send({ type: 'auth', token });
      await ready;
    },
    /** Resolves with the close code and reason once the socket is closed (by either side). */
    closed,
    close: () => ws.close(),
  };
  // The server greets with 'ready', or with an error frame when it refuses the socket.
  await api.waitFor((f) => f.type === 'ready' || f.type === 'error');
  return api;
}
export type RealtimeClient = Awaited<ReturnType<typeof connectRealtime>>;
