import { useRef, useState } from 'react';
import { notify } from '../notify';
import type { CheckoutCustomer, CheckoutInput, CheckoutResult } from '@vetrina/shared/orders';
import type { AppliedDiscount } from '@vetrina/shared/discounts';
import type { ShippingDestination } from '@vetrina/shared/shipping';
import type { StorefrontProductDetail } from '@vetrina/shared';
import type { InvoiceRequest } from '@vetrina/shared/invoice-request';
import { methodCharges, type PublicPaymentOption } from '@vetrina/shared/payments';
import { unitPriceCents } from '@vetrina/shared/pricing';
import { ApiError } from '@/lib/api-error';
import { fetchProductNow, refreshStore } from '../api';
import { lineKey, type CartLine } from '../cart/cart-lines';
import { publicApi } from '../data/public-api';
import { checkoutAttempts } from './checkout-attempt';
import { checkoutFailure, NOT_CREATED, staleMethods } from './checkout-errors';
import { cartOrderTotals } from './checkout-totals';
import { unavailableLines, unavailableMessage } from './unavailable-lines';

/** Lifetime of the server's cache of public storefront reads (apps/server/src/app.ts), plus a margin. */
const PUBLIC_CACHE_MS = 2_200;

interface Options {
  slug: string;
  lines: CartLine[];
  /** The payment method chosen in the picker (its charges are part of the total). */
  payment: PublicPaymentOption | null;
  /** The chosen destination (its rate and free-shipping threshold are part of the total). */
  destination: ShippingDestination;
  /** The discount code the server accepted for this cart, if any. */
  discount: AppliedDiscount | null;
  reprice: (prices: Map<string, number>) => void;
  onPlaced: (result: CheckoutResult) => void;
  /** The server refused the total or the method: the methods on screen are read again. */
  onStaleMethods: () => void;
  /** The server blamed a field of the request ('invoice.taxCode'…): the form shows its message there. */
  onFieldError: (field: string, message: string) => void;
}

/**
 * Places the order. One idempotency key per attempt: kept across a retry of the same request
 * after a network failure (the order may exist), replaced when the cart or the form changed or
 * the server answered. A second submit while one is running is ignored.
 */
export function usePlaceOrder({ slug, lines, payment, destination, discount, reprice, onPlaced, onStaleMethods, onFieldError }: Options) {
  const attempts = useRef<ReturnType<typeof checkoutAttempts>>(null);
  attempts.current ??= checkoutAttempts();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  /** Every product of the cart straight from the store: null when it is no longer on sale, absent when the read failed. */
  async function currentProducts() {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const found = new Map<string, StorefrontProductDetail | null>();
    await Promise.all(
      ids.map((id) =>
        fetchProductNow(slug, id).then(
          (p) => {
            found.set(id, p);
          },
          (err: unknown) => {
            if (err instanceof ApiError && err.status === 404) found.set(id, null);
          },
        ),
      ),
    );
    return found;
  }

  /** The current price of every line, straight from the store. */
  async function currentPrices() {
    const products = await currentProducts();
    const prices = new Map<string, number>();
    for (const line of lines) {
      const p = products.get(line.productId);
      if (!p) continue;
      const variant = line.variantId ? p.variants.find((v) => v.id === line.variantId) : null;
      prices.set(lineKey(line), unitPriceCents(p.priceCents, variant?.priceDeltaCents));
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

  /**
   * `invoice`: 'Richiedi fattura' as the shared schema normalised it, null when not asked;
   * `marketingConsent`: the optional marketing box was ticked.
   */
  async function placeOrder(customer: CheckoutCustomer, invoice: InvoiceRequest | null, marketingConsent = false) {
    if (running.current || !payment) return;
    running.current = true;
    setPending(true);
    // The same computation as the summary on screen and the server's check.
    const totals = cartOrderTotals(lines, { charges: methodCharges(payment), shipping: destination, discount });
    const request: Omit<CheckoutInput, 'idempotencyKey'> = {
      items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, unitPriceCents: l.price })),
      customer,
      country: destination.name,
      paymentMethod: payment.method,
      subtotalCents: totals.subtotalCents,
      ...(discount ? { discountCode: discount.code, discountCents: totals.discountCents } : {}),
      // The page does not call placeOrder until the box is ticked.
      acceptTerms: true,
      marketingConsent,
      shippingCents: totals.shippingCents,
      surchargeCents: totals.surchargeCents,
      totalCents: totals.totalCents,
      invoice,
    };
    const body: CheckoutInput = { ...request, idempotencyKey: attempts.current!.keyFor(request) };
    try {
      const result = await publicApi(`/api/public/stores/${encodeURIComponent(slug)}/checkout`, {
        schema: (s) => s.checkoutResultSchema,
        method: 'POST',
        body,
      });
      if (!result?.success) throw new Error(NOT_CREATED);
      attempts.current!.settled();
      refreshStore(slug);
      setPlaced(true);
      onPlaced(result);
    } catch (err) {
      const failure = checkoutFailure(err);
      if (failure.final) attempts.current!.settled();
      if (failure.code === 'unavailable') {
        refreshStore(slug);
        const gone = unavailableLines(lines, await currentProducts());
        if (gone.length) failure.description = unavailableMessage(gone);
      }
      notify.error(failure.title, { description: failure.description });
      if (failure.field) onFieldError(failure.field, failure.description);
      if (staleMethods(failure)) onStaleMethods();
      if (failure.code === 'out_of_stock' || failure.code === 'payment_unavailable') refreshStore(slug);
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
