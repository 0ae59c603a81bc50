import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ClientFrame, RealtimeChannel, ServerFrame } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { verifyJwt } from '../../lib/jwt.js';
import { clock } from '../../lib/clock.js';
import { isAccessEvent, topics, type BusEvent } from './bus.js';

const MAX_SUBSCRIPTIONS = 20;
const channelKey = (c: RealtimeChannel) => (c.kind === 'store' ? `store:${c.storeId}` : `${c.kind}:${c.slug}`);

function parseFrame(raw: unknown): ClientFrame | null {
  try {
    const f = JSON.parse(String(raw)) as ClientFrame;
    if (!f || typeof f !== 'object' || typeof f.type !== 'string') return null;
    if ((f.type === 'subscribe' || f.type === 'unsubscribe') && (typeof f.channel !== 'object' || !f.channel)) return null;
    return f;
  } catch {
    return null;
  }
}

/**
 * One WebSocket per browser tab at /api/realtime. The access token arrives as the first frame
 * (never in the URL, which would land in logs) and again after every refresh. Each subscription is
 * authorised: a store's dashboard events only for its members, a chat only for the visitor's own
 * conversation; storefront presence is anonymous.
 */
export function registerRealtime(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/realtime', { websocket: true, config: { auth: 'public' } }, (socket: WebSocket) => {
    let user: { id: string; exp: number } | null = null;
    const subs = new Map<string, { needsUser: boolean; stop: () => void }>();
    const send = (frame: ServerFrame) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(frame));
    const fail = (code: string, message: string, channel?: RealtimeChannel) => send({ type: 'error', code, message, channel });

    const dropUserSubscriptions = () => {
      for (const [key, s] of subs) {
        if (!s.needsUser) continue;
        s.stop();
        subs.delete(key);
      }
    };
    const expiry = setInterval(() => {
      if (user && user.exp * 1000 <= clock.nowMs()) {
        user = null;
        dropUserSubscriptions();
        fail('token_expired', 'Sessione scaduta: ricollegati');
      }
    }, 15_000);

    async function subscribe(channel: RealtimeChannel) {
      const key = channelKey(channel);
      if (subs.has(key)) return send({ type: 'subscribed', channel });
      if (subs.size >= MAX_SUBSCRIPTIONS) return fail('too_many', 'Troppe sottoscrizioni', channel);
      // Access events travel on their own topic; this guard keeps one from ever reaching a browser.
      const deliver = (event: BusEvent) => !isAccessEvent(event) && send({ type: 'event', channel, event });

      if (channel.kind === 'store') {
        if (!user) return fail('unauthenticated', 'Accedi per ricevere gli aggiornamenti', channel);
        const member = await ctx.db.selectFrom('store_members').select('id').where('store_id', '=', String(channel.storeId)).where('user_id', '=', user.id).executeTakeFirst();
        if (!member) return fail('not_found', 'Store non trovato', channel);
        subs.set(key, { needsUser: true, stop: ctx.bus.subscribe(topics.store(channel.storeId), deliver) });
        return send({ type: 'subscribed', channel });
      }
      const store = await ctx.db.selectFrom('stores').select('id').where('slug', '=', String(channel.slug)).executeTakeFirst();
      if (!store) return fail('not_found', 'Store non trovato', channel);
      if (channel.kind === 'chat') {
        if (!user) return fail('unauthenticated', 'Accedi per usare la chat', channel);
        subs.set(key, { needsUser: true, stop: ctx.bus.subscribe(topics.chat(store.id, user.id), deliver) });
        return send({ type: 'subscribed', channel });
      }
      if (channel.kind === 'storefront') {
        // Set before the await so a quick unsubscribe or close always finds something to undo.
        subs.set(key, { needsUser: false, stop: () => void ctx.presence.leave(store.id).catch(() => undefined) });
        await ctx.presence.join(store.id);
        return send({ type: 'subscribed', channel });
      }
      return fail('bad_request', 'Canale sconosciuto');
    }

    socket.on('message', (raw) => {
      const frame = parseFrame(raw);
      if (!frame) return fail('bad_request', 'Messaggio non valido');
      if (frame.type === 'ping') return send({ type: 'pong' });
      if (frame.type === 'auth') {
        const claims = typeof frame.token === 'string' ? verifyJwt(frame.token, ctx.jwtSecret, Math.floor(clock.nowMs() / 1000)) : null;
        if (!claims) {
          user = null;
          dropUserSubscriptions();
          return fail('unauthenticated', 'Sessione non valida');
        }
        if (user && user.id !== claims.sub) dropUserSubscriptions();
        user = { id: claims.sub, exp: claims.exp };
        return send({ type: 'ready', userId: user.id });
      }
      if (frame.type === 'subscribe') {
        void subscribe(frame.channel).catch((err) => {
          ctx.log.error({ err }, 'realtime subscribe failed');
          fail('internal', 'Errore interno', frame.channel);
        });
        return;
      }
      if (frame.type === 'unsubscribe') {
        const key = channelKey(frame.channel);
        subs.get(key)?.stop();
        subs.delete(key);
        return;
      }
      fail('bad_request', 'Messaggio non valido');
    });

    socket.on('close', () => {
      clearInterval(expiry);
      for (const s of subs.values()) s.stop();
      subs.clear();
    });
    send({ type: 'ready', userId: null });
  });
}
