import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_KINDS, type AuditKind } from '@vetrina/shared';
import { withParamChanges } from '@/lib/search-params';
import type { AuditFilter } from './api';

const isKind = (v: string | null): v is AuditKind => v !== null && (AUDIT_KINDS as readonly string[]).includes(v);
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The filters of 'Registro attività', kept in the URL (back, forward and reload keep them). */
export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const filter: AuditFilter = {
    member: params.get('member') || undefined,
    kind: isKind(kind) ? kind : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
  };
  const setFilter = useCallback(
    (changes: Partial<Record<keyof AuditFilter, string | null>>) => setParams((prev) => withParamChanges(prev, changes), { replace: true }),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = Object.values(filter).some(Boolean);
  return { filter, setFilter, clear, active };
}
