import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unreadCountsSchema, type RealtimeEvent } from '@vetrina/shared';
import { api } from './api';
import { realtime } from './realtime';

export const messageKeys = {
  all: (storeId: string) => ['messages', storeId] as const,
  contacts: (storeId: string) => ['messages', storeId, 'contacts'] as const,
  chats: (storeId: string) => ['messages', storeId, 'chats'] as const,
  chat: (storeId: string, userId: string) => ['messages', storeId, 'chat', userId] as const,
  unread: (storeId: string) => ['messages', storeId, 'unread'] as const,
  presence: (storeId: string) => ['presence', storeId] as const,
};

const isMessageEvent = (event: RealtimeEvent) => event.type.startsWith('contact.') || event.type.startsWith('chat.');

/**
 * Keeps a store's message data live: any contact or chat event refetches the message queries, a
 * presence event updates the online counter, and a reconnect catches up from the server.
 */
export function useStoreEvents(storeId: string | null | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!storeId) return;
    const off = realtime.subscribe({ kind: 'store', storeId }, (event) => {
      if (event.type === 'presence') qc.setQueryData(messageKeys.presence(storeId), { online: event.online });
      // Orders and notifications travel on the same channel: only message events touch the messages.
      else if (isMessageEvent(event)) void qc.invalidateQueries({ queryKey: messageKeys.all(storeId) });
    });
    const offReconnect = realtime.onReconnect(() => {
      void qc.invalidateQueries({ queryKey: messageKeys.all(storeId) });
      void qc.invalidateQueries({ queryKey: messageKeys.presence(storeId) });
    });
    return () => {
      off();
      offReconnect();
    };
  }, [storeId, qc]);
}

/** Unread contact messages and chat messages of a store (the sidebar badge and the tabs). */
export function useUnreadCounts(storeId: string | null | undefined) {
  return useQuery({
    queryKey: messageKeys.unread(storeId ?? ''),
    queryFn: () => api(`/api/stores/${storeId}/messages/unread`, { schema: unreadCountsSchema }),
    enabled: !!storeId,
    staleTime: 30_000,
  });
}
