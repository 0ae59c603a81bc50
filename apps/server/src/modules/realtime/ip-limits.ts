/** Concurrent things per client address on this instance. */
function perAddress(max: number) {
  const counts = new Map<string, number>();
  return {
    /** Counts one more unless the address is at the cap (then false, nothing counted). */
    tryAdd(ip: string): boolean {
      const n = counts.get(ip) ?? 0;
      if (n >= max) return false;
      counts.set(ip, n + 1);
      return true;
    },
    /** Counts one more even past the cap (a socket that was signed in and no longer is). */
    add(ip: string) {
      counts.set(ip, (counts.get(ip) ?? 0) + 1);
    },
    remove(ip: string) {
      const n = (counts.get(ip) ?? 0) - 1;
      if (n > 0) counts.set(ip, n);
      else counts.delete(ip);
    },
  };
}

/**
 * Anyone may open the socket and watch a storefront without an account, so what one address can
 * hold open is bounded (per instance; the address is req.ip, so TRUST_PROXY applies):
 * - anonymous sockets: 20 (a signed-in socket stops counting here, so an office behind one address
 *   keeps its dashboards);
 * - sockets of any kind: 100;
 * - storefront subscriptions: 20, which also bounds how far one client can push a store's "Online"
 *   counter (a visitor is keyed by address and browser id).
 */
export const IP_LIMITS = { anonymousSockets: 20, sockets: 100, storefronts: 20 } as const;

export function ipLimits(limits: { anonymousSockets: number; sockets: number; storefronts: number } = IP_LIMITS) {
  return {
    anonymous: perAddress(limits.anonymousSockets),
    sockets: perAddress(limits.sockets),
    storefronts: perAddress(limits.storefronts),
  };
}
export type IpLimits = ReturnType<typeof ipLimits>;
