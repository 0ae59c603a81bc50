import { useRef, useState } from 'react';
import { notify } from '../notify';
import { SHIPPING_COUNTRY, type CheckoutCustomer, type CheckoutInput, type CheckoutResult } from '@vetrina/shared';
import { fetchProductNow, refreshStore } from '../api';
import { lineKey, type CartLine } from '../cart/cart-lines';
import { publicApi } from '../data/public-api';
import { checkoutFailure, newIdempotencyKey, NOT_CREATED } from './checkout-errors';
import { orderTotals } from './checkout-totals';

/** Lifetime of the server's cache of public storefront reads (apps/server/src/app.ts), plus a margin. */
const PUBLIC_CACHE_MS = 2_200;

interface Options {
  slug: string;
  lines: CartLine[];
  reprice: (prices: Map<string, number>) => void;
  onPlaced: (result: CheckoutResult) => void;
}

/**
 * Places the order. One idempotency key per attempt: created when the page opens, kept across a
 * retry after a network failure (the order may exist), replaced after the server refused it.
 * A second submit while one is running is ignored.
 */
export function usePlaceOrder({ slug, lines, reprice, onPlaced }: Options) {
  const key = useRef<string>(null);
  key.current ??= newIdempotencyKey();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  /** The current price of every line, straight from the store. */
  async function currentPrices() {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const products = await Promise.all(ids.map((id) => fetchProductNow(slug, id).catch(() => null)));
    const prices = new Map<string, number>();
    for (const line of lines) {
      const p = products.find((x) => x?.id === line.productId);
      if (!p) continue;
      const variant = line.variantId ? p.variants.find((v) => v.id === line.variantId) : null;
      prices.set(lineKey(line), variant?.priceCents ?? p.priceCents);
    }
    return prices;
  }

  /**
   * After 'Prezzi aggiornati': the cart takes the new prices. The server keeps public reads for up
   * to 2 s, so when nothing looks changed yet the prices are read once more after that window.
   */
  async function refreshPrices() {
    let prices = await currentPrices();
    const unchanged = () => lines.every((l) => (prices.get(lineKey(l)) ?? l.price) === l.price);
    if (unchanged()) {
      await new Promise((r) => setTimeout(r, PUBLIC_CACHE_MS));
      prices = await currentPrices();
    }
    reprice(prices);
  }

  async function placeOrder(customer: CheckoutCustomer) {
    if (running.current) return;
    running.current = true;
    setPending(true);
    const totals = orderTotals(lines);
    const body: CheckoutInput = {
      items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, unitPriceCents: l.price })),
      customer,
      country: SHIPPING_COUNTRY,
      subtotalCents: totals.subtotal,
      shippingCents: totals.shipping,
      totalCents: totals.total,
      idempotencyKey: key.current!,
    };
    try {
      const result = await publicApi<CheckoutResult>(`/api/public/stores/${encodeURIComponent(slug)}/checkout`, { method: 'POST', body });
      if (!result?.success) throw new Error(NOT_CREATED);
      key.current = newIdempotencyKey();
      refreshStore(slug);
      setPlaced(true);
      onPlaced(result);
    } catch (err) {
      const failure = checkoutFailure(err);
      if (failure.final) key.current = newIdempotencyKey();
      notify.error(failure.title, { description: failure.description });
      if (failure.code === 'out_of_stock') refreshStore(slug);
      if (failure.code === 'price_changed') {
        setRefreshing(true);
        await refreshPrices().finally(() => setRefreshing(false));
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return { placeOrder, pending, placed, refreshing };
}
