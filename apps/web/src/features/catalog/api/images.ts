import { IMAGE_MIME_TYPES, LIMITS, uploadedImagesSchema, type ProductImage } from '@vetrina/shared';
import { apiNoContent } from '@/lib/api';
import { ApiError, toApiError } from '@/lib/api-error';
import { readResponse } from '@/lib/api-response';
import { sessionManager } from '@/lib/session';
import { storeApi } from './keys';

/** The spec §8 upload messages, checked in the browser first so the merchant learns at once. */
export function imageFileError(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return `File type must be ${IMAGE_MIME_TYPES.join(', ')}`;
  if (file.size > LIMITS.productImageMaxBytes) return `File is larger than ${LIMITS.productImageMaxBytes} bytes`;
  return null;
}

/**
 * Uploads images with a progress callback (0–1). XMLHttpRequest rather than fetch: only it
 * reports upload progress. The server keeps them until the product or variant is saved.
 */
export async function uploadProductImages(
  storeId: string,
  files: File[],
  target: 'product' | 'variant',
  onProgress?: (fraction: number) => void,
): Promise<ProductImage[]> {
  const body = new FormData();
  for (const f of files) body.append('files', f, f.name);
  const send = (token: string | null) =>
    new Promise<{ status: number; response: Response }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', storeApi(storeId, `/product-images?target=${target}`));
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
      xhr.onload = () =>
        resolve({
          status: xhr.status,
          response: new Response(xhr.responseText || null, { status: xhr.status, headers: { 'content-type': 'application/json' } }),
        });
      xhr.onerror = () => reject(new Error('Errore di rete durante il caricamento'));
      xhr.send(body);
    });
  let res = await send(await sessionManager.accessToken());
  if (res.status === 401 && (await sessionManager.refresh('TOKEN_REFRESHED').catch(() => null))) res = await send(await sessionManager.accessToken());
  if (res.status < 200 || res.status >= 300) throw await toApiError(res.response);
  onProgress?.(1);
  return (await readResponse(res.response, uploadedImagesSchema)).images;
}

/** Frees an uploaded image that was never saved (or deletes a saved one). A missing image is fine. */
export async function deleteProductImage(storeId: string, imageId: string): Promise<void> {
  await apiNoContent(storeApi(storeId, `/product-images/${imageId}`), { method: 'DELETE' }).catch((err: unknown) => {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  });
}
