import { toApiError } from './api-error';
import { sessionManager } from './session';

/** The file name the server gives in Content-Disposition, else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Downloads a file from an authenticated API route (an <a href> cannot send the bearer token):
 * fetched with the session, then saved under the server's file name. Failures throw ApiError.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const send = async () => {
    const token = await sessionManager.accessToken();
    return fetch(path, { credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let res = await send();
  if (res.status === 401 && (await sessionManager.refresh('TOKEN_REFRESHED').catch(() => null))) res = await send();
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
