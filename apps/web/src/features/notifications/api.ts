import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markNotificationsReadResponseSchema, notificationListSchema, type NotificationList } from '@vetrina/shared/notifications';
import { api } from '@/lib/api';
import { realtime } from '@/lib/realtime';

export const notificationKeys = {
  list: (storeId: string) => ['notifications', storeId] as const,
};

/** The signed-in member's bell in the store, kept live: the store's real-time topic says when to refetch. */
export function useNotifications(storeId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    const refetch = () => void qc.invalidateQueries({ queryKey: notificationKeys.list(storeId) });
    const off = realtime.subscribe({ kind: 'store', storeId }, (event) => event.type === 'notifications.changed' && refetch());
    // Events sent while the socket was down are not replayed.
    const offReconnect = realtime.onReconnect(refetch);
    return () => {
      off();
      offReconnect();
    };
  }, [storeId, qc]);
  return useQuery({
    queryKey: notificationKeys.list(storeId),
    queryFn: () => api(`/api/stores/${storeId}/notifications`, { schema: notificationListSchema }),
    staleTime: 30_000,
  });
}

/** Marks the given notifications (or all) read; the bell shows it at once. */
export function useMarkNotificationsRead(storeId: string) {
  const qc = useQueryClient();
  const key = notificationKeys.list(storeId);
  return useMutation({
    mutationFn: (ids?: string[]) => api(`/api/stores/${storeId}/notifications/read`, { body: ids ? { ids } : {}, schema: markNotificationsReadResponseSchema }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: key });
      const now = new Date().toISOString();
      qc.setQueryData<NotificationList>(key, (old) => {
        if (!old) return old;
        const hit = (id: string) => !ids || ids.includes(id);
        const newlyRead = old.items.filter((n) => !n.readAt && hit(n.id)).length;
        return { items: old.items.map((n) => (!n.readAt && hit(n.id) ? { ...n, readAt: now } : n)), unread: Math.max(0, old.unread - newlyRead) };
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
