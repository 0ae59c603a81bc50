import { productImportResultSchema, type ProductImportResult } from '@vetrina/shared/csv';
import { toApiError } from '@/lib/api-error';
import { readResponse } from '@/lib/api-response';
import { sessionManager } from '@/lib/session';
import { storeApi } from '../../api/keys';

/**
 * Sends the CSV to the import (mode=preview checks it, mode=apply writes it) with upload progress
 * (0–1): XMLHttpRequest rather than fetch, since only it reports how much of the file has left.
 */
export async function uploadProductCsv(
  storeId: string,
  file: File,
  mode: 'preview' | 'apply',
  onProgress?: (fraction: number) => void,
): Promise<ProductImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  const send = (token: string | null) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', storeApi(storeId, `/import/products?mode=${mode}`));
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
      xhr.onload = () => resolve(new Response(xhr.responseText || null, { status: xhr.status, headers: { 'content-type': 'application/json' } }));
      xhr.onerror = () => reject(new Error('Errore di rete durante il caricamento del file'));
      xhr.send(body);
    });
  let res = await send(await sessionManager.accessToken());
  if (res.status === 401 && (await sessionManager.refresh('TOKEN_REFRESHED').catch(() => null))) res = await send(await sessionManager.accessToken());
  if (!res.ok) throw await toApiError(res);
  return readResponse(res, productImportResultSchema);
}
