import { useMemo, useSyncExternalStore } from 'react';
import { addLine, cartTotals, repriceLines, setLineQuantity, type CartLine } from './cart-lines';
import { cartStore } from './cart-store';
import { useMounted } from '@/lib/use-mounted';

/**
 * The cart of one store, kept in local storage and shared by every component (and tab) showing it.
 * The server has no cart: until the page is hydrated the cart reads empty (as the server rendered
 * it), then shows the saved lines; `ready` tells the two apart.
 */
export function useCart(slug: string) {
  const ready = useMounted();
  const saved = useSyncExternalStore(
    (onChange) => cartStore.subscribe(slug, onChange),
    () => cartStore.get(slug),
    () => cartStore.empty,
  );
  const lines = ready ? saved : cartStore.empty;
  const actions = useMemo(
    () => ({
      add: (line: CartLine, max?: number) => cartStore.update(slug, (ls) => addLine(ls, line, max)),
      setQuantity: (key: string, quantity: number) => cartStore.update(slug, (ls) => setLineQuantity(ls, key, quantity)),
      remove: (key: string) => cartStore.update(slug, (ls) => setLineQuantity(ls, key, 0)),
      reprice: (prices: Map<string, number>) => cartStore.update(slug, (ls) => repriceLines(ls, prices)),
      clear: () => cartStore.update(slug, () => []),
    }),
    [slug],
  );
  const totals = useMemo(() => cartTotals(lines), [lines]);
  return { lines, ready, ...totals, ...actions };
}
