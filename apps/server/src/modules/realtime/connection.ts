import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { accountSecurityMsg, realtimeMsg, type ClientFrame, type ErrorCode, type RealtimeChannel, type ServerFrame } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { verifyJwt } from '../../lib/jwt.js';
import { clock } from '../../lib/clock.js';
import { membershipOf, storeBySlug } from '../tenancy/service.js';
import { isInternalEvent, topics, type BusEvent } from './bus.js';
import type { IpLimits } from './ip-limits.js';
import { visitorKey } from './presence.js';
import type { ConnectionRegistry, TrackedConnection } from './registry.js';

const MAX_SUBSCRIPTIONS = 20;
/**
 * WebSocket close code (application range) for a socket whose session was revoked: nothing more
 * can come through it, so it is closed rather than left open and anonymous.
 */
export const SESSION_REVOKED_CLOSE = 4001;
const channelKey = (c: RealtimeChannel) => (c.kind === 'store' ? `store:${c.storeId}` : `${c.kind}:${c.slug}`);

interface SocketUser {
  id: string;
  sessionId: string;
  /** Access token expiry (seconds). */
  exp: number;
  /** 'aal2': the token says the session showed a second factor (stores requiring it accept only these). */
  aal: 'aal1' | 'aal2';
}

interface Subscription {
  channel: RealtimeChannel;
  storeId: string;
  /** Tied to the signed-in user (dashboard, own chat): ends with the session. */
  userBound: boolean;
  stop: () => void;
}

/**
 * One browser tab's socket: who is signed in on it (user and session), what it listens to, and the
 * rules for each subscription. Every access check goes through registry.settled, so an access
 * event that arrives mid-check is never missed; afterwards the registry reaches this socket.
 */
export class Connection implements TrackedConnection {
  private user: SocketUser | null = null;
  private readonly subs = new Map<string, Subscription>();
  private closed = false;
  private readonly socketId = randomUUID();
  private readonly expiry: ReturnType<typeof setInterval>;

  constructor(
    private readonly socket: WebSocket,
    private readonly ip: string,
    private readonly ctx: AppContext,
    private readonly registry: ConnectionRegistry,
    private readonly limits: IpLimits,
  ) {
    this.expiry = setInterval(() => {
      if (this.user && this.user.exp * 1000 <= clock.nowMs()) this.endSession('token_expired', realtimeMsg.tokenExpired);
    }, 15_000);
  }

  get sessionId() {
    return this.user?.sessionId ?? null;
  }

  send(frame: ServerFrame) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  fail(code: ErrorCode, message: string, channel?: RealtimeChannel) {
    this.send(channel ? { type: 'error', code, message, channel } : { type: 'error', code, message });
  }

  handle(frame: Exclude<ClientFrame, { type: 'ping' }>): Promise<void> | void {
    if (frame.type === 'auth') return this.authenticate(frame.token);
    if (frame.type === 'subscribe') return this.subscribe(frame.channel, frame.visitorId);
    this.drop(channelKey(frame.channel));
  }

  /** A token (first frame, then after every refresh): valid, of a live session; store channels are checked again. */
  private async authenticate(token: string) {
    const claims = verifyJwt(token, this.ctx.jwtSecret, Math.floor(clock.nowMs() / 1000));
    const accepted = await this.registry.settled(
      async () => !!claims && (await this.ctx.sessions.isLive(claims.sid)),
      (live) => {
        if (this.closed) return false;
        if (!claims || !live) {
          this.endSession('unauthenticated', realtimeMsg.sessionInvalid);
          return false;
        }
        if (this.user && this.user.id !== claims.sub) this.dropUserBound();
        this.setUser({ id: claims.sub, sessionId: claims.sid, exp: claims.exp, aal: claims.aal === 'aal2' ? 'aal2' : 'aal1' });
        return true;
      },
    );
    if (!accepted) return;
    // Removals this socket may have missed (say, while Redis was unreachable) are caught here.
    for (const sub of [...this.subs.values()]) {
      if (sub.channel.kind !== 'store' || !this.user) continue;
      const { id: userId, aal } = this.user;
      await this.registry.settled(
        () => membershipOf(this.ctx.db, sub.storeId, userId),
        (member) => {
          if (!member) this.leftTeam(sub.storeId);
          else if (member.twoStepRequired && aal !== 'aal2') this.twoStepRequired(sub.storeId);
        },
      );
    }
    if (this.user && !this.closed) this.send({ type: 'ready', userId: this.user.id });
  }

  private async subscribe(channel: RealtimeChannel, visitorId: string | undefined) {
    const key = channelKey(channel);
    if (this.subs.has(key)) return this.send({ type: 'subscribed', channel });
    if (this.subs.size >= MAX_SUBSCRIPTIONS) return this.fail('too_many', realtimeMsg.tooManySubscriptions, channel);
    if (channel.kind === 'storefront') return this.watchStorefront(channel, visitorId);

    const user = this.user;
    if (!user) return this.fail('unauthenticated', channel.kind === 'store' ? realtimeMsg.signInForUpdates : realtimeMsg.signInForChat, channel);
    if (user.exp * 1000 <= clock.nowMs()) return this.endSession('token_expired', realtimeMsg.tokenExpired);
    await this.registry.settled(
      async () => {
        if (!(await this.ctx.sessions.isLive(user.sessionId))) return 'signed-out' as const;
        if (channel.kind === 'store') {
          const member = await membershipOf(this.ctx.db, channel.storeId, user.id);
          if (!member) return null;
          // The same rule as the guard's for the store's HTTP routes.
          return member.twoStepRequired && user.aal !== 'aal2' ? ('two-step' as const) : channel.storeId;
        }
        return (await storeBySlug(this.ctx.db, channel.slug))?.id ?? null;
      },
      (storeId) => {
        if (this.closed || this.subs.has(key)) return;
        if (storeId === 'signed-out') return this.sessionRevoked();
        if (this.user !== user) return this.fail('unauthenticated', realtimeMsg.sessionInvalid, channel);
        if (!storeId) return this.fail('not_found', realtimeMsg.storeNotFound, channel);
        if (storeId === 'two-step') return this.fail('two_step_required', accountSecurityMsg.twoStepRequired, channel);
        const topic = channel.kind === 'store' ? topics.store(storeId) : topics.chat(storeId, user.id);
        this.add(key, { channel, storeId, userBound: true, stop: this.ctx.bus.subscribe(topic, this.deliver(channel)) });
        this.send({ type: 'subscribed', channel });
      },
    );
  }

  /** Anonymous presence: counts this visitor in the store's "Online" number. */
  private async watchStorefront(channel: Extract<RealtimeChannel, { kind: 'storefront' }>, visitorId: string | undefined) {
    const key = channelKey(channel);
    const joined = await this.registry.settled(
      () => storeBySlug(this.ctx.db, channel.slug),
      (store) => {
        if (this.closed || this.subs.has(key)) return null;
        if (!store) {
          this.fail('not_found', realtimeMsg.storeNotFound, channel);
          return null;
        }
        if (!this.limits.storefronts.tryAdd(this.ip)) {
          this.fail('too_many', realtimeMsg.tooManyStorefronts, channel);
          return null;
        }
        const visitor = visitorKey(this.ctx.jwtSecret, this.user ? { userId: this.user.id } : { ip: this.ip, visitorId, socketId: this.socketId });
        const stop = () => {
          this.limits.storefronts.remove(this.ip);
          void this.ctx.presence.leave(store.id, visitor).catch(() => undefined);
        };
        this.add(key, { channel, storeId: store.id, userBound: false, stop });
        // Wrapped, so settled hands back the pending write itself rather than awaiting it.
        return { written: this.ctx.presence.join(store.id, visitor) };
      },
    );
    if (!joined) return;
    await joined.written;
    this.send({ type: 'subscribed', channel });
  }

  private deliver(channel: RealtimeChannel) {
    // Access events travel on their own topic; this guard keeps one from ever reaching a browser.
    return (event: BusEvent) => !isInternalEvent(event) && this.send({ type: 'event', channel, event });
  }

  private add(key: string, sub: Subscription) {
    this.subs.set(key, sub);
    this.registry.watchStore(this, sub.storeId);
  }

  private drop(key: string) {
    const sub = this.subs.get(key);
    if (!sub) return;
    this.subs.delete(key);
    sub.stop();
    if (![...this.subs.values()].some((s) => s.storeId === sub.storeId)) this.registry.unwatchStore(this, sub.storeId);
  }

  private dropUserBound() {
    for (const [key, sub] of [...this.subs]) if (sub.userBound) this.drop(key);
  }

  private setUser(next: SocketUser | null) {
    const prev = this.user;
    this.user = next;
    this.registry.userChanged(this, prev?.id ?? null, next?.id ?? null);
    // Only anonymous sockets count against the per-address cap for them.
    if (!prev && next) this.limits.anonymous.remove(this.ip);
    if (prev && !next) this.limits.anonymous.add(this.ip);
  }

  private endSession(code: ErrorCode, message: string) {
    this.setUser(null);
    this.dropUserBound();
    this.fail(code, message);
  }

  /** Told last, then closed: the tab's client reconnects anonymously and its session manager signs out. */
  sessionRevoked() {
    if (this.closed) return;
    this.endSession('unauthenticated', realtimeMsg.signedOut);
    this.socket.close(SESSION_REVOKED_CLOSE, realtimeMsg.signedOut);
  }

  twoStepRequired(storeId: string) {
    const key = channelKey({ kind: 'store', storeId });
    const sub = this.subs.get(key);
    if (!sub || this.user?.aal === 'aal2') return;
    this.drop(key);
    this.fail('two_step_required', accountSecurityMsg.twoStepRequired, sub.channel);
  }

  leftTeam(storeId: string) {
    const key = channelKey({ kind: 'store', storeId });
    const sub = this.subs.get(key);
    if (!sub) return;
    this.drop(key);
    this.fail('forbidden', realtimeMsg.removedFromTeam, sub.channel);
  }

  storeDeleted(storeId: string) {
    for (const [key, sub] of [...this.subs]) {
      if (sub.storeId !== storeId) continue;
      this.drop(key);
      this.fail('not_found', realtimeMsg.storeDeleted, sub.channel);
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.expiry);
    for (const key of [...this.subs.keys()]) this.drop(key);
    this.registry.userChanged(this, this.user?.id ?? null, null);
    if (!this.user) this.limits.anonymous.remove(this.ip);
    this.limits.sockets.remove(this.ip);
  }
}
