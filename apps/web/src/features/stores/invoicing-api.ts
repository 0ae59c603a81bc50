import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceSettingsResponseSchema, type InvoiceSettingsInput } from '@vetrina/shared/invoices';
import { api } from '@/lib/api';
import { storeKeys } from '@/lib/stores';

export const invoiceSettingsKey = (storeId: string) => [...storeKeys.store(storeId), 'invoice-settings'] as const;

/** Impostazioni → Fatturazione (owners and admins): the store's VAT rate, fiscal regime and seat. */
export function useInvoiceSettings(storeId: string) {
  return useQuery({
    queryKey: invoiceSettingsKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/invoice-settings`, { signal, schema: invoiceSettingsResponseSchema }).then((r) => r.settings),
  });
}

export function useSaveInvoiceSettings(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsInput) =>
      api(`/api/stores/${storeId}/invoice-settings`, { method: 'PUT', body, schema: invoiceSettingsResponseSchema }).then((r) => r.settings),
    onSuccess: (settings) => qc.setQueryData(invoiceSettingsKey(storeId), settings),
  });
}
