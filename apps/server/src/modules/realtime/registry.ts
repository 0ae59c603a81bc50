import { isAccessEvent, topics, type AccessEvent, type EventBus } from './bus.js';

/** What the registry needs from a socket to take access away from it. */
export interface TrackedConnection {
  readonly sessionId: string | null;
  /** The session was revoked (signed out there, 'Esci da questo dispositivo'): the socket is closed. */
  sessionRevoked(): void;
  /** The user left the store's team: drop the store's dashboard channel. */
  leftTeam(storeId: string): void;
  /** The store is gone: drop every channel of it. */
  storeDeleted(storeId: string): void;
  /** The store now requires two-step sign-in: a one-factor session loses its dashboard channel. */
  twoStepRequired(storeId: string): void;
}

function index<K>() {
  const map = new Map<K, Set<TrackedConnection>>();
  return {
    add(key: K, c: TrackedConnection) {
      const set = map.get(key) ?? new Set();
      set.add(c);
      map.set(key, set);
    },
    delete(key: K, c: TrackedConnection) {
      const set = map.get(key);
      set?.delete(c);
      if (set && !set.size) map.delete(key);
    },
    /** A copy: handlers change the index while we walk it. */
    get: (key: K) => [...(map.get(key) ?? [])],
  };
}

/**
 * This instance's sockets, indexed by user and by store, and the one listener per instance on the
 * bus's control topic: when a session is revoked, a member removed, a store deleted or two-step
 * sign-in required (on any instance), it reaches only the affected sockets here.
 */
export function connectionRegistry(bus: EventBus) {
  const byUser = index<string>();
  const byStore = index<string>();
  /** Bumped by every access event; an access check that straddled one is done again. */
  let epoch = 0;

  function apply(event: AccessEvent) {
    epoch++;
    if (event.type === 'access.sessions-revoked') {
      const ended = new Set(event.sessionIds);
      for (const c of byUser.get(event.userId)) if (c.sessionId && ended.has(c.sessionId)) c.sessionRevoked();
    } else if (event.type === 'access.member-removed') {
      for (const c of byUser.get(event.userId)) c.leftTeam(event.storeId);
    } else if (event.type === 'access.store-deleted') {
      for (const c of byStore.get(event.storeId)) c.storeDeleted(event.storeId);
    } else if (event.type === 'access.two-step-required') {
      for (const c of byStore.get(event.storeId)) c.twoStepRequired(event.storeId);
    }
  }
  const stop = bus.subscribe(topics.control, (event) => {
    if (isAccessEvent(event)) apply(event);
  });

  return {
    userChanged(c: TrackedConnection, from: string | null, to: string | null) {
      if (from === to) return;
      if (from) byUser.delete(from, c);
      if (to) byUser.add(to, c);
    },
    /** Called when a socket gains its first / loses its last subscription to the store. */
    watchStore: (c: TrackedConnection, storeId: string) => byStore.add(storeId, c),
    unwatchStore: (c: TrackedConnection, storeId: string) => byStore.delete(storeId, c),

    /**
     * Runs an access check (session alive, membership, store exists) and hands its answer to
     * `apply` in the same tick, so no access event can slip in between: if one arrived while the
     * check was in flight, the check runs again. A check that keeps being overtaken fails closed.
     */
    async settled<T, R>(check: () => Promise<T>, apply: (result: T) => R): Promise<R> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = epoch;
        const result = await check();
        if (epoch === before) return apply(result);
      }
      throw new AccessCheckOvertaken();
    },
    close: () => stop(),
  };
}
export type ConnectionRegistry = ReturnType<typeof connectionRegistry>;

export class AccessCheckOvertaken extends Error {}
