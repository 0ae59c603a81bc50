import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalPageKind } from '@vetrina/shared/legal-pages';
import {
  businessDetailsResponseSchema,
  legalPageResponseSchema,
  legalPagesResponseSchema,
  legalPreviewResponseSchema,
  type BusinessDetailsInput,
  type LegalPage,
} from '@vetrina/shared/business-settings';
import { api } from '@/lib/api';
import { storeKeys } from '@/lib/stores';
import { invoiceSettingsKey } from './invoicing-api';

const businessKey = (storeId: string) => [...storeKeys.store(storeId), 'business'] as const;
const legalKey = (storeId: string) => [...storeKeys.store(storeId), 'legal-pages'] as const;

/** Impostazioni → Dati aziendali (owners and admins). */
export function useBusinessDetails(storeId: string) {
  return useQuery({
    queryKey: businessKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/business`, { signal, schema: businessDetailsResponseSchema }).then((r) => r.details),
  });
}

export function useSaveBusinessDetails(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessDetailsInput) =>
      api(`/api/stores/${storeId}/business`, { method: 'PUT', body, schema: businessDetailsResponseSchema }).then((r) => r.details),
    onSuccess: (details) => {
      qc.setQueryData(businessKey(storeId), details);
      // Ragione sociale and P.IVA decide whether invoices can be issued ('Fatturazione' says so).
      void qc.invalidateQueries({ queryKey: invoiceSettingsKey(storeId) });
      // The templates of the legal pages are filled with these details.
      return qc.invalidateQueries({ queryKey: legalKey(storeId) });
    },
  });
}

/** Impostazioni → Pagine legali: the three pages, with their Markdown and the HTML the storefront shows. */
export function useLegalPages(storeId: string) {
  return useQuery({
    queryKey: legalKey(storeId),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/legal-pages`, { signal, schema: legalPagesResponseSchema }).then((r) => r.pages),
  });
}

function replacePage(list: LegalPage[] | undefined, page: LegalPage) {
  return list?.map((p) => (p.kind === page.kind ? page : p));
}

export function useSaveLegalPage(storeId: string, kind: LegalPageKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (markdown: string) =>
      api(`/api/stores/${storeId}/legal-pages/${kind}`, { method: 'PUT', body: { markdown }, schema: legalPageResponseSchema }).then((r) => r.page),
    onSuccess: (page) => qc.setQueryData<LegalPage[]>(legalKey(storeId), (list) => replacePage(list, page)),
  });
}

/** Back to the template, filled with the store's current details and settings. */
export function useResetLegalPage(storeId: string, kind: LegalPageKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/stores/${storeId}/legal-pages/${kind}`, { method: 'DELETE', schema: legalPageResponseSchema }).then((r) => r.page),
    onSuccess: (page) => qc.setQueryData<LegalPage[]>(legalKey(storeId), (list) => replacePage(list, page)),
  });
}

/** The Markdown as the storefront would show it, rendered by the server (the renderer stays out of the browser). */
export function useLegalPreview(storeId: string) {
  return useMutation({
    mutationFn: (markdown: string) =>
      api(`/api/stores/${storeId}/legal-pages/preview`, { method: 'POST', body: { markdown }, schema: legalPreviewResponseSchema }).then((r) => r.html),
  });
}
