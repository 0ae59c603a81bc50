import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '@vetrina/shared';

/** A test WebSocket client that records every frame and can wait for one. */
export async function connectRealtime(baseUrl: string) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`);
  const frames: ServerFrame[] = [];
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
    /** Resolves true if no matching frame arrives within the window. */
    async never(pred: (f: ServerFrame) => boolean, windowMs = 400) {
      await new Promise((r) => setTimeout(r, windowMs));
      return !frames.some(pred);
    },
    async auth(token: string) {
      api.send({ type: 'auth', token });
      await api.waitFor((f) => f.type === 'ready' && f.userId !== null);
    },
    close: () => ws.close(),
  };
  await api.waitFor((f) => f.type === 'ready');
  return api;
}
export type RealtimeClient = Awaited<ReturnType<typeof connectRealtime>>;
