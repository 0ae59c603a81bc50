import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ContactMessage, ConversationSummary } from '@vetrina/shared';
import { api } from '@/lib/api';
import { messageKeys } from '@/lib/use-store-events';

export const useContacts = (storeId: string) =>
  useQuery({ queryKey: messageKeys.contacts(storeId), queryFn: () => api<{ items: ContactMessage[] }>(`/api/stores/${storeId}/messages`) });

export const useConversations = (storeId: string) =>
  useQuery({ queryKey: messageKeys.chats(storeId), queryFn: () => api<{ items: ConversationSummary[] }>(`/api/stores/${storeId}/chats`) });

export const useConversation = (storeId: string, userId: string | null) =>
  useQuery({
    queryKey: messageKeys.chat(storeId, userId ?? ''),
    queryFn: () => api<{ messages: ChatMessage[] }>(`/api/stores/${storeId}/chats/${userId}`),
    enabled: !!userId,
  });

export const usePresence = (storeId: string) =>
  useQuery({ queryKey: messageKeys.presence(storeId), queryFn: () => api<{ online: number }>(`/api/stores/${storeId}/presence`), staleTime: 60_000 });

function useMessagesMutation<T>(storeId: string, fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all(storeId) }) });
}

export const useMarkContactRead = (storeId: string) =>
  useMessagesMutation(storeId, (id: string) => api(`/api/stores/${storeId}/messages/${id}/read`, { method: 'POST' }));

export const useReplyToContact = (storeId: string) =>
  useMessagesMutation(storeId, ({ id, response }: { id: string; response: string }) => api(`/api/stores/${storeId}/messages/${id}/reply`, { body: { response } }));

export const useMarkConversationRead = (storeId: string) =>
  useMessagesMutation(storeId, (userId: string) => api(`/api/stores/${storeId}/chats/${userId}/read`, { method: 'POST' }));

export const useSendStoreChat = (storeId: string) =>
  useMessagesMutation(storeId, ({ userId, message }: { userId: string; message: string }) => api(`/api/stores/${storeId}/chats/${userId}`, { body: { message } }));
