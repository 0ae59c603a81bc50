import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  contactListSchema,
  contactResponseSchema,
  conversationListSchema,
  presenceResponseSchema,
} from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { messageKeys } from '@/lib/use-store-events';

export const useContacts = (storeId: string) =>
  useQuery({ queryKey: messageKeys.contacts(storeId), queryFn: () => api(`/api/stores/${storeId}/messages`, { schema: contactListSchema }) });

export const useConversations = (storeId: string) =>
  useQuery({ queryKey: messageKeys.chats(storeId), queryFn: () => api(`/api/stores/${storeId}/chats`, { schema: conversationListSchema }) });

export const useConversation = (storeId: string, userId: string | null) =>
  useQuery({
    queryKey: messageKeys.chat(storeId, userId ?? ''),
    queryFn: () => api(`/api/stores/${storeId}/chats/${userId}`, { schema: chatMessagesResponseSchema }),
    enabled: !!userId,
  });

export const usePresence = (storeId: string) =>
  useQuery({
    queryKey: messageKeys.presence(storeId),
    queryFn: () => api(`/api/stores/${storeId}/presence`, { schema: presenceResponseSchema }),
    staleTime: 60_000,
  });

function useMessagesMutation<T>(storeId: string, fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all(storeId) }) });
}

export const useMarkContactRead = (storeId: string) =>
  useMessagesMutation(storeId, (id: string) => api(`/api/stores/${storeId}/messages/${id}/read`, { method: 'POST', schema: contactResponseSchema }));

export const useReplyToContact = (storeId: string) =>
  useMessagesMutation(storeId, ({ id, response }: { id: string; response: string }) =>
    api(`/api/stores/${storeId}/messages/${id}/reply`, { body: { response }, schema: contactResponseSchema }),
  );

export const useMarkConversationRead = (storeId: string) =>
  useMessagesMutation(storeId, (userId: string) => apiNoContent(`/api/stores/${storeId}/chats/${userId}/read`, { method: 'POST' }));

export const useSendStoreChat = (storeId: string) =>
  useMessagesMutation(storeId, ({ userId, message }: { userId: string; message: string }) =>
    api(`/api/stores/${storeId}/chats/${userId}`, { body: { message }, schema: chatMessageResponseSchema }),
  );
