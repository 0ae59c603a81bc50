import type { ClientFrame, ErrorCode, RealtimeChannel, RealtimeEvent, ServerFrame } from '@vetrina/shared';
import { VISITOR_ID_PATTERN } from '@vetrina/shared/constants';
import { sessionManager } from './session';

type Listener = (event: RealtimeEvent) => void;
const keyOf = (c: RealtimeChannel) => (c.kind === 'store' ? `store:${c.storeId}` : `${c.kind}:${c.slug}`);
const MAX_BACKOFF_MS = 15_000;
/** WebSocket close code the server uses when this address holds too many sockets. */
const POLICY_VIOLATION = 1008;
const VISITOR_KEY = 'vetrina.visitor';

const randomVisitorId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
let memoryVisitorId: string | null = null;
/**
 * This browser's random visitor id for the storefront's "Online" counter: every tab sends the same
 * one, so a visitor with five tabs counts once. Kept in localStorage (no cookie, nothing personal);
 * where storage is blocked, one per page load.
 */
function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
    const fresh = randomVisitorId();
    localStorage.setItem(VISITOR_KEY, fresh);
    return fresh;
  } catch {
    return (memoryVisitorId ??= randomVisitorId());
  }
}

const subscribeFrame = (channel: RealtimeChannel): ClientFrame =>
  channel.kind === 'storefront' ? { type: 'subscribe', channel, visitorId: visitorId() } : { type: 'subscribe', channel };

/**
 * The tab's one WebSocket. It authenticates with the in-memory access token (and again after
 * every refresh), re-subscribes after a reconnect with exponential back-off, and tells listeners
 * to catch up from the database (`onReconnect`) since events sent while offline are not replayed.
 */
class RealtimeClient {
  private ws: WebSocket | null = null;
  private channels = new Map<string, { channel: RealtimeChannel; listeners: Set<Listener> }>();
  private reconnectListeners = new Set<() => void>();
  private backoff = 500;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private everConnected = false;

  constructor() {
    sessionManager.onAuthStateChange((event, session) => {
      if (session && event !== 'SIGNED_OUT') {
        this.send({ type: 'auth', token: session.accessToken });
        // Subscriptions the server refused while the socket was anonymous work now (repeats are no-ops).
        for (const { channel } of this.channels.values()) this.send(subscribeFrame(channel));
      }
      // A new identity needs a fresh socket: subscriptions are tied to the user who made them.
      if (event === 'SIGNED_OUT') this.ws?.close();
    });
  }

  private send(frame: ClientFrame) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private connect() {
    if (this.ws || !this.channels.size) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.backoff = 500;
      const token = sessionManager.current?.accessToken;
      if (token) this.send({ type: 'auth', token });
      for (const { channel } of this.channels.values()) this.send(subscribeFrame(channel));
      if (this.everConnected) this.reconnectListeners.forEach((l) => l());
      this.everConnected = true;
    };
    ws.onmessage = (msg) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(msg.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'event') this.channels.get(keyOf(frame.channel))?.listeners.forEach((l) => l(frame.event));
      if (frame.type === 'error' && !frame.channel) this.sessionRefused(frame.code);
    };
    ws.onclose = (e) => {
      this.ws = null;
      if (!this.channels.size) return;
      // Refused for holding too many sockets from this address: wait the longest before trying again.
      if (e.code === POLICY_VIOLATION) this.backoff = MAX_BACKOFF_MS;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), this.backoff + Math.random() * 250);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    };
  }

  private refusedToken: string | null = null;
  private refusedAt = 0;

  /**
   * The server ended this socket's session (token expired, or the session was signed out on another
   * device). One refresh per token, at most every 30 s: a live session comes back with a new token,
   * a revoked one ends in SIGNED_OUT, which closes the socket.
   */
  private sessionRefused(code: ErrorCode) {
    if (code !== 'token_expired' && code !== 'unauthenticated') return;
    const token = sessionManager.current?.accessToken ?? null;
    if (!token || token === this.refusedToken || Date.now() - this.refusedAt < 30_000) return;
    this.refusedToken = token;
    this.refusedAt = Date.now();
    void sessionManager.refresh('TOKEN_REFRESHED').catch(() => undefined);
  }

  /** Listens to a channel; returns the function that stops listening. */
  subscribe(channel: RealtimeChannel, listener: Listener): () => void {
    const key = keyOf(channel);
    let entry = this.channels.get(key);
    if (!entry) {
      entry = { channel, listeners: new Set() };
      this.channels.set(key, entry);
      this.send(subscribeFrame(channel));
    }
    entry.listeners.add(listener);
    this.connect();
    return () => {
      const e = this.channels.get(key);
      if (!e) return;
      e.listeners.delete(listener);
      if (!e.listeners.size) {
        this.channels.delete(key);
        this.send({ type: 'unsubscribe', channel });
      }
      if (!this.channels.size) this.ws?.close();
    };
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }
}

export const realtime = new RealtimeClient();
