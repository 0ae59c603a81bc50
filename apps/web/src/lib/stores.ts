import { useQuery } from '@tanstack/react-query';
import { IMAGE_MIME_TYPES, LIMITS, storeSummarySchema, themeListSchema } from '@vetrina/shared';
import { api } from './api';

/** Query keys of store data: invalidated together after any store change. */
export const storeKeys = {
  themes: ['themes'] as const,
  store: (id: string) => ['stores', id] as const,
  /** 'L'IBAN è stato modificato il … da …' on the orders page: refreshed when the payments are saved. */
  ibanChange: (id: string) => ['stores', id, 'iban-change'] as const,
};

export function useThemes() {
  return useQuery({ queryKey: storeKeys.themes, queryFn: () => api('/api/themes', { schema: themeListSchema }), staleTime: 5 * 60_000 });
}

/** The spec §5 logo rules, checked in the browser too so the user learns at once (the server re-checks the bytes). */
export function logoFileError(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return `File type must be ${IMAGE_MIME_TYPES.join(', ')}`;
  if (file.size > LIMITS.logoMaxBytes) return `File is larger than ${LIMITS.logoMaxBytes} bytes`;
  return null;
}

export function uploadLogo(storeId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`/api/stores/${storeId}/logo`, { method: 'PUT', body, schema: storeSummarySchema });
}

export const removeLogo = (storeId: string) => api(`/api/stores/${storeId}/logo`, { method: 'DELETE', schema: storeSummarySchema });

/** The public storefront address of a store (spec: origin + /store/{slug}). */
export const publicStoreUrl = (slug: string) => `${window.location.origin}/store/${slug}`;
