import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema, auditMembersResponseSchema, type AuditKind } from '@vetrina/shared';
import { api } from '@/lib/api';
import { storeKeys } from '@/lib/stores';

/** The filters of 'Registro attività': member (user id), kind, and Italian days from/to. */
export interface AuditFilter {
  member?: string;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

/** The filter as a query string (empty values left out), shared by the list and the CSV file. */
export function auditQuery(filter: AuditFilter, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v) q.set(k, v);
  return q.toString();
}

const auditKey = (storeId: string) => [...storeKeys.store(storeId), 'audit'] as const;

/** Entries newest first, a page at a time ('Mostra altre' asks for the older ones). */
export function useAuditEntries(storeId: string, filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: [...auditKey(storeId), 'entries', filter],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const q = auditQuery(filter, pageParam ? { cursor: pageParam } : {});
      return api(`/api/stores/${storeId}/audit${q ? `?${q}` : ''}`, { signal, schema: auditListResponseSchema });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Whoever appears in the log, for the 'Membro' filter. */
export function useAuditMembers(storeId: string) {
  return useQuery({
    queryKey: [...auditKey(storeId), 'members'],
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/audit/members`, { signal, schema: auditMembersResponseSchema }).then((r) => r.members),
  });
}
