import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_SORTS, type OrderSort } from '@vetrina/shared';
import { pageParam, withParamChanges } from '@/lib/search-params';
import type { OrdersFilter } from './api';
import { isOrderStatus } from './order-status';
import { isPaymentStatus } from './payment-status';

const isOrderSort = (v: string | null): v is OrderSort => v !== null && (ORDER_SORTS as readonly string[]).includes(v);

/** Status, payment status, 'Da confermare', search and page of the orders list, kept in the URL (back, forward and reload keep them). */
export function useOrdersParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const paymentStatus = params.get('paymentStatus');
  const filter: OrdersFilter = {
    status: isOrderStatus(status) ? status : undefined,
    paymentStatus: isPaymentStatus(paymentStatus) ? paymentStatus : undefined,
    confirmation: params.get('confirmation') === 'awaiting' ? 'awaiting' : undefined,
    search: params.get('search')?.trim() || undefined,
    page: pageParam(params),
  };
  // The table's sorted column; the cards ignore it.
  const sort = params.get('sort');
  if (isOrderSort(sort)) filter.sort = sort;
  if (filter.sort) filter.dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) =>
      setParams((prev) => withParamChanges(prev, resetPage ? { ...changes, page: null } : changes), { replace: resetPage }),
    [setParams],
  );
  const setStatus = useCallback((s: string) => update({ status: s || null }), [update]);
  const setPaymentStatus = useCallback((s: string) => update({ paymentStatus: s || null }), [update]);
  const setAwaitingOnly = useCallback((on: boolean) => update({ confirmation: on ? 'awaiting' : null }), [update]);
  const setSearch = useCallback((s: string) => update({ search: s || null }), [update]);
  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }, false), [update]);
  const clear = useCallback(() => update({ status: null, paymentStatus: null, search: null, confirmation: null }), [update]);
  const setSort = useCallback((s: { id: string; desc: boolean }) => update({ sort: s.id, dir: s.desc ? 'desc' : 'asc' }), [update]);
  return { filter, setStatus, setPaymentStatus, setAwaitingOnly, setSearch, setPage, clear, setSort };
}
