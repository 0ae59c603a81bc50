import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderRefundsResponseSchema, orderReturnsResponseSchema, refundResponseSchema, returnResponseSchema } from '@vetrina/shared/returns-admin';
import type { OpenReturnInput, RefundInput, RefundStatus, ReturnStatus } from '@vetrina/shared/returns';
import { api } from './api';
import { invoiceKeys } from './invoices';

/**
 * Returns and refunds are listed in 'Resi' (returns feature) and made from an order's page
 * (orders feature): the query keys and the hooks both use live here, below the features.
 * The other routes of packages/shared/src/returns-admin.ts are in features/returns/api.ts.
 */
export const returnKeys = {
  all: (storeId: string) => ['stores', storeId, 'returns'] as const,
  list: (storeId: string, f: object) => [...returnKeys.all(storeId), 'list', f] as const,
  detail: (storeId: string, returnId: string) => [...returnKeys.all(storeId), 'detail', returnId] as const,
  ofOrder: (storeId: string, orderId: string) => [...returnKeys.all(storeId), 'order', orderId] as const,
  refunds: (storeId: string, orderId: string) => ['stores', storeId, 'refunds', orderId] as const,
};
/** The orders feature's keys (orderKeys.all, orderKeys.detail): a return or refund changes the order. */
export const orderQueryKeys = {
  all: (storeId: string) => ['stores', storeId, 'orders'] as const,
  detail: (storeId: string, orderId: string) => ['stores', storeId, 'orders', 'detail', orderId] as const,
};

/** Richiesto amber (something to do), Autorizzato blue, Ricevuto violet, Rimborsato green, Rifiutato red. */
export const RETURN_BADGE = {
  requested: 'warning',
  authorized: 'info',
  received: 'purple',
  refunded: 'success',
  rejected: 'danger',
} as const satisfies Record<ReturnStatus, string>;
export const REFUND_BADGE = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const satisfies Record<RefundStatus, string>;

/** 'n. 12' ('Reso n. 12'). */
export const returnNumber = (n: number) => `n. ${n}`;
/** '#1042', as the orders feature writes an order's number. */
export const orderRef = (n: number) => `#${n}`;

export function useOrderReturns(storeId: string, orderId: string) {
  return useQuery({
    queryKey: returnKeys.ofOrder(storeId, orderId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/orders/${orderId}/returns`, { signal, schema: orderReturnsResponseSchema }).then((r) => r.returns),
  });
}

/** Refunds made and what is left to refund (the 'Rimborsa' form's input to quoteRefund). */
export function useOrderRefunds(storeId: string, orderId: string) {
  return useQuery({
    queryKey: returnKeys.refunds(storeId, orderId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/orders/${orderId}/refunds`, { signal, schema: orderRefundsResponseSchema }),
  });
}

export function useOpenReturn(storeId: string, orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenReturnInput) =>
      api(`/api/stores/${storeId}/orders/${orderId}/returns`, { method: 'POST', body: input, schema: returnResponseSchema }).then((r) => r.return),
    onSuccess: (r) => {
      qc.setQueryData(returnKeys.detail(storeId, r.id), r);
      void qc.invalidateQueries({ queryKey: returnKeys.all(storeId) });
      void qc.invalidateQueries({ queryKey: orderQueryKeys.detail(storeId, orderId) });
    },
  });
}

/** A refund changes the order (payment status, amounts), its returns, its invoices (credit note). */
function useRefundSettled(storeId: string, orderId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: returnKeys.refunds(storeId, orderId) });
    void qc.invalidateQueries({ queryKey: returnKeys.all(storeId) });
    void qc.invalidateQueries({ queryKey: orderQueryKeys.all(storeId) });
    void qc.invalidateQueries({ queryKey: invoiceKeys.all(storeId) });
  };
}

export function useCreateRefund(storeId: string, orderId: string) {
  const settled = useRefundSettled(storeId, orderId);
  return useMutation({
    mutationFn: (input: RefundInput) =>
      api(`/api/stores/${storeId}/orders/${orderId}/refunds`, { method: 'POST', body: input, schema: refundResponseSchema }).then((r) => r.refund),
    onSuccess: settled,
  });
}

export function useRetryRefund(storeId: string, orderId: string) {
  const settled = useRefundSettled(storeId, orderId);
  return useMutation({
    mutationFn: (refundId: string) =>
      api(`/api/stores/${storeId}/refunds/${refundId}/retry`, { method: 'POST', schema: refundResponseSchema }).then((r) => r.refund),
    onSuccess: settled,
  });
}
