import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardStatsResponseSchema, lowStockSettingsResponseSchema, type DashboardStats, type StatsPeriod } from '@vetrina/shared/stats';
import { storeSetupSchema } from '@vetrina/shared/store-setup';
import { api } from '@/lib/api';
import { realtime } from '@/lib/realtime';

export const statsKeys = {
  all: (storeId: string) => ['stores', storeId, 'stats'] as const,
  period: (storeId: string, period: StatsPeriod) => [...statsKeys.all(storeId), period] as const,
};

/** The home's numbers for a period; the previous period's stay on screen while the next one loads. */
export function useDashboardStats(storeId: string, period: StatsPeriod) {
  return useQuery({
    queryKey: statsKeys.period(storeId, period),
    queryFn: async ({ signal }): Promise<DashboardStats> =>
      (await api(`/api/stores/${storeId}/stats?period=${period}`, { signal, schema: dashboardStatsResponseSchema })).stats,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** An order placed or changed anywhere (the storefront, a teammate, a webhook): the numbers refetch; after a reconnect too. */
export function useLiveStats(storeId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    const refetch = () => void qc.invalidateQueries({ queryKey: statsKeys.all(storeId) });
    const off = realtime.subscribe({ kind: 'store', storeId }, (event) => {
      if (event.type === 'orders.changed' || event.type === 'contact.created' || event.type === 'chat.message') refetch();
    });
    const offReconnect = realtime.onReconnect(refetch);
    return () => {
      off();
      offReconnect();
    };
  }, [storeId, qc]);
}

export function useSetLowStockThreshold(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lowStockThreshold: number) =>
      api(`/api/stores/${storeId}/stats/low-stock`, { method: 'PUT', body: { lowStockThreshold }, schema: lowStockSettingsResponseSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: statsKeys.all(storeId) }),
  });
}

export const setupKeys = { store: (storeId: string) => ['stores', storeId, 'setup'] as const };

/** 'Primi passi': each step done or to do, from the store's data (refetched when the home is shown again). */
export function useStoreSetup(storeId: string, enabled: boolean) {
  return useQuery({
    queryKey: setupKeys.store(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/setup`, { signal, schema: storeSetupSchema }),
    enabled,
    // Read again each time the home opens: the steps change on other pages.
    staleTime: 0,
  });
}

export function useMarkStoreVisited(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/stores/${storeId}/setup/visited`, { method: 'PUT', schema: storeSetupSchema }),
    onSuccess: (setup) => qc.setQueryData(setupKeys.store(storeId), setup),
  });
}

export function useDismissStoreSetup(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => api(`/api/stores/${storeId}/setup/dismissed`, { method: 'PUT', body: { dismissed }, schema: storeSetupSchema }),
    onSuccess: (setup) => qc.setQueryData(setupKeys.store(storeId), setup),
  });
}
