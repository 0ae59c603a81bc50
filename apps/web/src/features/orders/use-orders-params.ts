import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { OrdersFilter } from './api';
import { isOrderStatus } from './order-status';
import { isPaymentStatus } from './payment-status';

/** Status, payment status, search and page of the orders list, kept in the URL (back, forward and reload keep them). */
export function useOrdersParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const paymentStatus = params.get('paymentStatus');
  const filter: OrdersFilter = {
    status: isOrderStatus(status) ? status : undefined,
    paymentStatus: isPaymentStatus(paymentStatus) ? paymentStatus : undefined,
    search: params.get('search')?.trim() || undefined,
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
  };
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: resetPage },
      ),
    [setParams],
  );
  const setStatus = useCallback((s: string) => update({ status: s || null }), [update]);
  const setPaymentStatus = useCallback((s: string) => update({ paymentStatus: s || null }), [update]);
  const setSearch = useCallback((s: string) => update({ search: s || null }), [update]);
  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }, false), [update]);
  const clear = useCallback(() => update({ status: null, paymentStatus: null, search: null }), [update]);
  return { filter, setStatus, setPaymentStatus, setSearch, setPage, clear };
}
