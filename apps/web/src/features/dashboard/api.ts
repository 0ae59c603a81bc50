import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardStatsResponseSchema, lowStockSettingsResponseSchema, type DashboardStats, type StatsPeriod } from '@vetrina/shared/stats';
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
