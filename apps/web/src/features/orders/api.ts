import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderResponseSchema,
  ordersPageSchema,
  publicStoreResponseSchema,
  type OrderDetail,
  type OrderNoteInput,
  type OrderSort,
  type OrderStatus,
  type PaymentStatus,
  type ShipmentInput,
  type SortDir,
  type UpdatePaymentStatusInput,
} from '@vetrina/shared';
import { api } from '@/lib/api';
import { invoiceKeys } from '@/lib/invoices';
import { storeKeys } from '@/lib/stores';
import { ibanChangeNoticeSchema } from '@vetrina/shared/iban-change';

export interface OrdersFilter {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  /** 'Da confermare': only open orders waiting for the shopper's confirmation. */
  confirmation?: 'awaiting';
  search?: string;
  page: number;
  /** The table's sorted column (absent: newest first). */
  sort?: OrderSort;
  dir?: SortDir;
}

export const ORDERS_PAGE_SIZE = 20;

export const orderKeys = {
  all: (storeId: string) => ['stores', storeId, 'orders'] as const,
  list: (storeId: string, f: OrdersFilter) => [...orderKeys.all(storeId), 'list', f] as const,
  detail: (storeId: string, orderId: string) => [...orderKeys.all(storeId), 'detail', orderId] as const,
};

function listPath(storeId: string, f: OrdersFilter) {
  const qs = new URLSearchParams({ page: String(f.page), pageSize: String(ORDERS_PAGE_SIZE) });
  if (f.status) qs.set('status', f.status);
  if (f.paymentStatus) qs.set('paymentStatus', f.paymentStatus);
  if (f.confirmation) qs.set('confirmation', f.confirmation);
  if (f.search) qs.set('search', f.search);
  if (f.sort) qs.set('sort', f.sort);
  if (f.sort && f.dir) qs.set('dir', f.dir);
  return `/api/stores/${storeId}/orders?${qs}`;
}

export function useOrders(storeId: string, filter: OrdersFilter) {
  return useQuery({
    queryKey: orderKeys.list(storeId, filter),
    queryFn: ({ signal }) => api(listPath(storeId, filter), { signal, schema: ordersPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(storeId: string, orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(storeId, orderId ?? ''),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/orders/${orderId}`, { signal, schema: orderResponseSchema }).then((r) => r.order),
    enabled: Boolean(orderId),
  });
}

/**
 * The sender on the packing slip: the store's company details as its storefront shows them (the
 * public store read, so every member who can print a slip can read them).
 */
export function useSenderDetails(slug: string | undefined) {
  return useQuery({
    queryKey: ['public-store', slug, 'business'],
    queryFn: ({ signal }) =>
      api(`/api/public/stores/${encodeURIComponent(slug!)}`, { signal, schema: publicStoreResponseSchema }).then((r) => r.store.business),
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
  });
}

/** Any status to any other (spec §4); the server moves the stock to match. */
export function useUpdateOrderStatus(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status, shipment }: { orderId: string; status: OrderStatus; shipment?: ShipmentInput }) =>
      api(`/api/stores/${storeId}/orders/${orderId}`, { method: 'PATCH', body: { status, shipment }, schema: orderResponseSchema }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(storeId, order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all(storeId) });
      // Stock moved with the status: the catalogue's inventory queries (['catalog', storeId, …]) are stale.
      void qc.invalidateQueries({ queryKey: ['catalog', storeId] });
    },
  });
}

/** 'Segna come pagato' / 'Segna come rimborsato' (see paymentActions); the server re-checks the same rules. */
export function useUpdatePaymentStatus(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, paymentStatus }: { orderId: string } & UpdatePaymentStatusInput) =>
      api(`/api/stores/${storeId}/orders/${orderId}/payment`, { method: 'PATCH', body: { paymentStatus }, schema: orderResponseSchema }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(storeId, order.id), order);
      // A paid order may have had its invoice issued automatically (Impostazioni → Fatturazione).
      void qc.invalidateQueries({ queryKey: invoiceKeys.all(storeId) });
      return qc.invalidateQueries({ queryKey: orderKeys.all(storeId) });
    },
  });
}

/** 'Conferma ordine': the team confirms an order 'Da confermare' by hand (after hearing from the shopper). */
export function useConfirmOrder(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<OrderDetail> =>
      api(`/api/stores/${storeId}/orders/${orderId}/confirmation`, { method: 'POST', schema: orderResponseSchema }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(storeId, order.id), order);
      return qc.invalidateQueries({ queryKey: orderKeys.all(storeId) });
    },
  });
}

/** Adds or corrects the carrier and tracking of a shipped order (the shopper hears of a new link). */
export function useUpdateShipment(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, shipment }: { orderId: string; shipment: ShipmentInput }): Promise<OrderDetail> =>
      api(`/api/stores/${storeId}/orders/${orderId}/shipment`, { method: 'PUT', body: shipment, schema: orderResponseSchema }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(storeId, order.id), order);
      return qc.invalidateQueries({ queryKey: orderKeys.all(storeId) });
    },
  });
}

/** 'Aggiungi nota': a note for the team only; the answer is the order with its notes and timeline. */
export function useAddOrderNote(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string } & OrderNoteInput): Promise<OrderDetail> =>
      api(`/api/stores/${storeId}/orders/${orderId}/notes`, { method: 'POST', body: { body }, schema: orderResponseSchema }).then((r) => r.order),
    onSuccess: (order) => qc.setQueryData(orderKeys.detail(storeId, order.id), order),
  });
}

/** The last IBAN change when under seven days old (owners and admins: `enabled` is false for staff). */
export function useIbanChangeNotice(storeId: string, enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.ibanChange(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/payments/iban-change`, { signal, schema: ibanChangeNoticeSchema }).then((r) => r.ibanChange),
    enabled,
  });
}
