import { parseCart, type CartLine } from './cart-lines';

/** One cart per store, so a cart filled in store A never shows up in store B. */
export const CART_PREFIX = 'vetrina-cart:';
export const cartKey = (slug: string) => `${CART_PREFIX}${slug}`;

const EMPTY: CartLine[] = [];
const cache = new Map<string, CartLine[]>();
const listeners = new Map<string, Set<() => void>>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode, policies): the cart lives for this page only
  }
}

function notify(slug: string) {
  for (const l of listeners.get(slug) ?? []) l();
}

if (typeof window !== 'undefined') {
  // Another tab changed a cart: re-read it.
  window.addEventListener('storage', (e) => {
    if (!e.key?.startsWith(CART_PREFIX)) return;
    const slug = e.key.slice(CART_PREFIX.length);
    cache.delete(slug);
    notify(slug);
  });
}

export const cartStore = {
  get(slug: string): CartLine[] {
    let lines = cache.get(slug);
    if (!lines) {
      lines = parseCart(storage()?.getItem(cartKey(slug)) ?? null);
      cache.set(slug, lines.length ? lines : EMPTY);
    }
    return cache.get(slug)!;
  },
  update(slug: string, change: (lines: CartLine[]) => CartLine[]) {
    const next = change(cartStore.get(slug));
    cache.set(slug, next.length ? next : EMPTY);
    try {
      if (next.length) storage()?.setItem(cartKey(slug), JSON.stringify(next));
      else storage()?.removeItem(cartKey(slug));
    } catch {
      // Quota exceeded: keep the in-memory cart.
    }
    notify(slug);
  },
  subscribe(slug: string, listener: () => void) {
    const set = listeners.get(slug) ?? new Set();
    set.add(listener);
    listeners.set(slug, set);
    return () => set.delete(listener);
  },
  empty: EMPTY,
};
