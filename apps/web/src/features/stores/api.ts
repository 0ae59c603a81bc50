import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeSummarySchema, type UpdateStoreInput } from '@vetrina/shared';
import { paymentSettingsResponseSchema, type PaymentSettingsInput } from '@vetrina/shared/payment-settings';
import { shippingSettingsResponseSchema, type ShippingSettings } from '@vetrina/shared/shipping';
import { returnSettingsResponseSchema, type ReturnSettings } from '@vetrina/shared/returns';
import { api, apiNoContent } from '@/lib/api';
import { removeLogo, storeKeys, uploadLogo } from '@/lib/stores';

export function useStore(storeId: string) {
  return useQuery({ queryKey: storeKeys.store(storeId), queryFn: () => api(`/api/stores/${storeId}`, { schema: storeSummarySchema }) });
}

export interface SaveSettingsInput {
  fields: UpdateStoreInput;
  /** A new logo to upload, 'remove' to drop the saved one, or null to leave it. */
  logo: File | 'remove' | null;
}

/** Saves name, palette and theme, then the logo change; the dashboard and switcher refresh after. */
export function useSaveStoreSettings(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, logo }: SaveSettingsInput) => {
      let store = await api(`/api/stores/${storeId}`, { method: 'PATCH', body: fields, schema: storeSummarySchema });
      if (logo === 'remove') store = await removeLogo(storeId);
      else if (logo) store = await uploadLogo(storeId, logo);
      return store;
    },
    onSuccess: (store) => {
      qc.setQueryData(storeKeys.store(storeId), store);
      return qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useDeleteStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => apiNoContent(`/api/stores/${storeId}`, { method: 'DELETE' }),
    onSuccess: (_r, storeId) => {
      qc.removeQueries({ queryKey: storeKeys.store(storeId) });
      // Everything cached may belong to the deleted store (products, orders…): refetch it all.
      return qc.invalidateQueries();
    },
  });
}

const paymentsKey = (storeId: string) => [...storeKeys.store(storeId), 'payments'] as const;

/** Impostazioni → Pagamenti (owners and admins only: `enabled` is false for the others). */
export function usePaymentSettings(storeId: string, enabled = true) {
  return useQuery({
    queryKey: paymentsKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/payments`, { signal, schema: paymentSettingsResponseSchema }).then((r) => r.settings),
    enabled,
  });
}

export function useSavePaymentSettings(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) =>
      api(`/api/stores/${storeId}/payments`, { method: 'PUT', body, schema: paymentSettingsResponseSchema }).then((r) => r.settings),
    onSuccess: (settings) => {
      qc.setQueryData(paymentsKey(storeId), settings);
      void qc.invalidateQueries({ queryKey: storeKeys.ibanChange(storeId) });
    },
  });
}

const shippingKey = (storeId: string) => [...storeKeys.store(storeId), 'shipping'] as const;

/** Impostazioni → Spedizioni (every member reads it; owners and admins save it). */
export function useShippingSettings(storeId: string) {
  return useQuery({
    queryKey: shippingKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/shipping`, { signal, schema: shippingSettingsResponseSchema }).then((r) => r.settings),
  });
}

export function useSaveShippingSettings(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettings) =>
      api(`/api/stores/${storeId}/shipping`, { method: 'PUT', body, schema: shippingSettingsResponseSchema }).then((r) => r.settings),
    onSuccess: (settings) => qc.setQueryData(shippingKey(storeId), settings),
  });
}

const returnsKey = (storeId: string) => [...storeKeys.store(storeId), 'returns-settings'] as const;

/** Impostazioni → Resi (every member reads it; owners and admins save it). */
export function useReturnSettings(storeId: string) {
  return useQuery({
    queryKey: returnsKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/returns-settings`, { signal, schema: returnSettingsResponseSchema }).then((r) => r.settings),
  });
}

export function useSaveReturnSettings(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnSettings) =>
      api(`/api/stores/${storeId}/returns-settings`, { method: 'PUT', body, schema: returnSettingsResponseSchema }).then((r) => r.settings),
    onSuccess: (settings) => qc.setQueryData(returnsKey(storeId), settings),
  });
}
