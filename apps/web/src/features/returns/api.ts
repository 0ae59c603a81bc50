import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { returnListResponseSchema, returnResponseSchema, RETURN_PAGE_SIZE, type ReturnDetail } from '@vetrina/shared/returns-admin';
import type { ReturnLineChoice, ReturnStatus } from '@vetrina/shared/returns';
import { api } from '@/lib/api';
import { orderQueryKeys, returnKeys } from '@/lib/returns';

/**
 * The 'Resi' routes of packages/shared/src/returns-admin.ts, each answer parsed with its schema.
 * An order's returns and refunds, 'Apri un reso', 'Rimborsa' and 'Riprova' are in lib/returns.ts
 * (the order's page uses them too), re-exported here.
 */
export { returnKeys, useCreateRefund, useOpenReturn, useOrderRefunds, useOrderReturns, useRetryRefund } from '@/lib/returns';
export { RETURN_PAGE_SIZE };

export interface ReturnsFilter {
  status?: ReturnStatus;
  page: number;
}

export function useReturns(storeId: string, filter: ReturnsFilter) {
  const qs = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) qs.set('status', filter.status);
  return useQuery({
    queryKey: returnKeys.list(storeId, filter),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/returns?${qs}`, { signal, schema: returnListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useReturn(storeId: string, returnId: string) {
  return useQuery({
    queryKey: returnKeys.detail(storeId, returnId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/returns/${returnId}`, { signal, schema: returnResponseSchema }).then((r) => r.return),
    enabled: Boolean(returnId),
  });
}

/** After a return moved: its page, the lists, and the order (timeline, stock) are stale. */
function useReturnSettled(storeId: string) {
  const qc = useQueryClient();
  return (r: ReturnDetail) => {
    qc.setQueryData(returnKeys.detail(storeId, r.id), r);
    void qc.invalidateQueries({ queryKey: returnKeys.all(storeId) });
    void qc.invalidateQueries({ queryKey: orderQueryKeys.detail(storeId, r.orderId) });
  };
}

export function useAuthorizeReturn(storeId: string, returnId: string) {
  const settled = useReturnSettled(storeId);
  return useMutation({
    mutationFn: () => api(`/api/stores/${storeId}/returns/${returnId}/authorize`, { method: 'POST', schema: returnResponseSchema }).then((r) => r.return),
    onSuccess: settled,
  });
}

/** 'Segna come ricevuto': the chosen lines go back to stock, so the catalogue's inventory is stale too. */
export function useReceiveReturn(storeId: string, returnId: string) {
  const settled = useReturnSettled(storeId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (restock: ReturnLineChoice[]) =>
      api(`/api/stores/${storeId}/returns/${returnId}/receive`, { method: 'POST', body: { restock }, schema: returnResponseSchema }).then((r) => r.return),
    onSuccess: (r) => {
      settled(r);
      void qc.invalidateQueries({ queryKey: ['catalog', storeId] });
    },
  });
}

export function useRejectReturn(storeId: string, returnId: string) {
  const settled = useReturnSettled(storeId);
  return useMutation({
    mutationFn: (reason: string) =>
      api(`/api/stores/${storeId}/returns/${returnId}/reject`, { method: 'POST', body: { reason }, schema: returnResponseSchema }).then((r) => r.return),
    onSuccess: settled,
  });
}
