import type { AuthEvent, SessionPayload } from '@vetrina/shared';
import { ApiError, toApiError } from './api-error';
import { readResponse } from './api-response';

type Listener = (event: AuthEvent, session: SessionPayload | null) => void;

const MARKER = 'vetrina_session=1';
/** Refresh this long before the access token expires. */
const EXPIRY_MARGIN_MS = 60_000;
const REFRESH_BACKOFF_START_MS = 200;
const REFRESH_MAX_TRIES = 5;

const hasSessionMarker = () => typeof document !== 'undefined' && document.cookie.split('; ').includes(MARKER);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The browser side of a session. The access token lives in memory only; the refresh
 * token is an httpOnly cookie the page cannot read (see docs/security.md, "Where tokens live").
 * Emits the auth events of the spec to whoever listens.
 */
class SessionManager {
  private session: SessionPayload | null = null;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<SessionPayload | null> | null = null;
  private initialized: Promise<void> | null = null;
  private channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('vetrina-auth') : null;

  constructor() {
    this.channel?.addEventListener('message', (e: MessageEvent<{ type: 'signed-out' | 'signed-in' }>) => {
      if (e.data?.type === 'signed-out' && this.session) this.clear('SIGNED_OUT', false);
      if (e.data?.type === 'signed-in') void this.refresh('TOKEN_REFRESHED').catch(() => undefined);
    });
    if (typeof document !== 'undefined') {
      // Timers sleep in background tabs: catch up as soon as the tab is visible again.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && this.session && this.session.expiresAt * 1000 - Date.now() < EXPIRY_MARGIN_MS) {
          void this.refresh('TOKEN_REFRESHED').catch(() => undefined);
        }
      });
    }
  }

  /** True after this tab's user chose to sign out (until the next sign-in). */
  private deliberateSignOut = false;

  get current() {
    return this.session;
  }

  get signedOutDeliberately() {
    return this.deliberateSignOut;
  }

  onAuthStateChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: AuthEvent) {
    for (const l of this.listeners) l(event, this.session);
  }

  /** Restores the session from the refresh cookie once per page load. */
  init(): Promise<void> {
    this.initialized ??= (async () => {
      if (hasSessionMarker()) await this.refresh(null).catch(() => undefined);
      this.emit('INITIAL_SESSION');
    })();
    return this.initialized;
  }

  set(session: SessionPayload, event: AuthEvent = 'SIGNED_IN') {
    this.session = session;
    this.deliberateSignOut = false;
    this.schedule();
    this.emit(event);
    if (event === 'SIGNED_IN') this.channel?.postMessage({ type: 'signed-in' });
  }

  private schedule() {
    clearTimeout(this.timer);
    if (!this.session) return;
    const wait = Math.max(1_000, this.session.expiresAt * 1000 - Date.now() - EXPIRY_MARGIN_MS);
    this.timer = setTimeout(() => void this.refresh('TOKEN_REFRESHED').catch(() => undefined), wait);
  }

  private clear(event: AuthEvent | null, broadcast: boolean) {
    clearTimeout(this.timer);
    this.session = null;
    if (event) this.emit(event);
    if (broadcast) this.channel?.postMessage({ type: 'signed-out' });
  }

  /** One refresh at a time per tab, and across tabs where the browser supports Web Locks. */
  refresh(event: AuthEvent | null): Promise<SessionPayload | null> {
    this.inflight ??= (async () => {
      try {
        const run = () => this.refreshWithRetry();
        const session = navigator.locks ? await navigator.locks.request('vetrina-refresh', run) : await run();
        if (session) {
          this.session = session;
          this.schedule();
          if (event) this.emit(event);
        }
        return session;
      } finally {
        this.inflight = null;
      }
    })();
    return this.inflight;
  }

  private async refreshWithRetry(): Promise<SessionPayload | null> {
    let delay = REFRESH_BACKOFF_START_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
        if (res.ok) {
          const { sessionResponseSchema } = await import('./session-schemas');
          return (await readResponse(res, sessionResponseSchema)).session;
        }
        const err = await toApiError(res);
        // 4xx is final (expired, revoked, reused): the session is gone. 5xx is worth retrying.
        if (res.status < 500) {
          if (this.session) this.clear('SIGNED_OUT', false);
          throw err;
        }
        if (attempt >= REFRESH_MAX_TRIES) throw err;
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) throw err;
        if (attempt >= REFRESH_MAX_TRIES) throw err;
      }
      await sleep(delay);
      delay *= 2;
    }
  }

  /** A valid access token, refreshed first when it is about to expire. */
  async accessToken(): Promise<string | null> {
    if (!this.session) return null;
    if (this.session.expiresAt * 1000 - Date.now() < 10_000) await this.refresh('TOKEN_REFRESHED').catch(() => undefined);
    return this.session?.accessToken ?? null;
  }

  /**
   * Signs out; 401, 403 and 404 from the server are ignored and the local session removed anyway.
   * A protected page then goes home, or to the login form and back with `thenLogin`.
   */
  /** Resolves false when the server did not confirm (offline, refused): 'others' tells the user so. */
  async signOut(scope: 'local' | 'global' | 'others' = 'local', opts: { thenLogin?: boolean } = {}): Promise<boolean> {
    const token = this.session?.accessToken;
    let confirmed = false;
    try {
      const res = await fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ scope }),
      });
      confirmed = res.ok;
    } catch {
      // Offline: the local session goes anyway.
    }
    if (scope !== 'others') {
      // `thenLogin` ("sign in with another account") lets the route guard send this page to the login form.
      this.deliberateSignOut = !opts.thenLogin;
      this.clear('SIGNED_OUT', true);
    }
    return confirmed;
  }

  notifyUserUpdated(email: string) {
    if (!this.session) return;
    this.session = { ...this.session, user: { ...this.session.user, email } };
    this.emit('USER_UPDATED');
  }
}

export const sessionManager = new SessionManager();
