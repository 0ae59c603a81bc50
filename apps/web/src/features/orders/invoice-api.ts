import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invoiceResponseSchema } from '@vetrina/shared';
import { api } from '@/lib/api';
import { invoiceKeys } from '@/lib/invoices';
import { orderKeys } from './api';

/** The order shows its invoices and the month's list shows them all: both read again. */
function refresh(qc: QueryClient, storeId: string, orderId: string) {
  return Promise.all([qc.invalidateQueries({ queryKey: orderKeys.detail(storeId, orderId) }), qc.invalidateQueries({ queryKey: invoiceKeys.all(storeId) })]);
}

/** 'Emetti fattura': the next number of the store's year; refused with invoiceMsg when the order does not allow it. */
export function useIssueInvoice(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api(`/api/stores/${storeId}/orders/${orderId}/invoice`, { method: 'POST', schema: invoiceResponseSchema }).then((r) => r.invoice),
    // On a refusal too: an invoice issued meanwhile (automatically, or by a colleague) shows up.
    onSettled: (_invoice, _err, orderId) => refresh(qc, storeId, orderId),
  });
}

/** 'Emetti nota di credito': cancels the whole invoice with a credit note of its own number. */
export function useIssueCreditNote(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId }: { invoiceId: string; orderId: string }) =>
      api(`/api/stores/${storeId}/invoices/${invoiceId}/credit-note`, { method: 'POST', schema: invoiceResponseSchema }).then((r) => r.invoice),
    onSettled: (_note, _err, { orderId }) => refresh(qc, storeId, orderId),
  });
}
