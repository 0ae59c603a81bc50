import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { cartStore as CartStore } from './cart-store';
import { addLine, cartTotals, lineKey, parseCart, repriceLines, setLineQuantity, type CartLine } from './cart-lines';

const tee = (over: Partial<CartLine> = {}): CartLine => ({
  productId: 'p1',
  variantId: 'v-m',
  title: 'Maglietta',
  variantLabel: 'M',
  price: 1990,
  image: null,
  quantity: 1,
  ...over,
});

describe('cart lines (spec §4)', () => {
  it('adding the same product and variant increases the quantity', () => {
    let lines = addLine([], tee());
    lines = addLine(lines, tee({ quantity: 2 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
    lines = addLine(lines, tee({ variantId: 'v-l', variantLabel: 'L' }));
    expect(lines).toHaveLength(2);
  });

  it('never goes past the available stock or 99', () => {
    expect(addLine(addLine([], tee({ quantity: 4 }), 5), tee({ quantity: 4 }), 5)[0]!.quantity).toBe(5);
    expect(addLine([], tee({ quantity: 500 }))[0]!.quantity).toBe(99);
    expect(setLineQuantity([tee()], lineKey(tee()), 150)[0]!.quantity).toBe(99);
  });

  it('quantity 0 or less removes the line', () => {
    expect(setLineQuantity([tee()], lineKey(tee()), 0)).toEqual([]);
    expect(setLineQuantity([tee()], lineKey(tee()), -3)).toEqual([]);
  });

  it('totals and repricing', () => {
    const lines = [tee({ quantity: 2 }), tee({ productId: 'p2', variantId: null, price: 500 })];
    expect(cartTotals(lines)).toEqual({ count: 3, subtotal: 4480 });
    const repriced = repriceLines(lines, new Map([[lineKey(lines[0]!), 2490]]));
    expect(cartTotals(repriced).subtotal).toBe(5480);
    expect(repriced[1]).toBe(lines[1]);
  });

  it('drops malformed stored lines', () => {
    const raw = JSON.stringify([tee(), { productId: 'x' }, null, tee({ productId: 'p3', quantity: 0 }), tee({ productId: 'p4', price: 1.5 })]);
    expect(parseCart(raw)).toHaveLength(1);
    expect(parseCart('{oops')).toEqual([]);
    expect(parseCart(JSON.stringify({ a: 1 }))).toEqual([]);
  });
});

describe('cart storage', () => {
  const data = new Map<string, string>();
  let cartStore: typeof CartStore;
  beforeAll(async () => {
    vi.stubGlobal('window', {
      addEventListener: () => undefined,
      localStorage: {
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => void data.set(k, v),
        removeItem: (k: string) => void data.delete(k),
      },
    });
    ({ cartStore } = await import('./cart-store'));
  });

  it('keeps one cart per store under its own key', () => {
    cartStore.update('negozio-a', (l) => addLine(l, tee()));
    expect(cartStore.get('negozio-b')).toEqual([]);
    expect(JSON.parse(data.get('vetrina-cart:negozio-a')!)).toHaveLength(1);
    expect(data.has('vetrina-cart:negozio-b')).toBe(false);
  });

  it('notifies subscribers and clears the key when emptied', () => {
    const seen = vi.fn();
    const off = cartStore.subscribe('negozio-a', seen);
    cartStore.update('negozio-a', () => []);
    expect(seen).toHaveBeenCalledOnce();
    expect(data.has('vetrina-cart:negozio-a')).toBe(false);
    off();
  });
});
