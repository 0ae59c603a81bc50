import { toApiError } from './api-error';
import { sessionManager } from './session';

/** The file name the server gives in Content-Disposition, else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/**
 * A GET with the session's bearer token (an <a href> or a new tab cannot send it), refreshed and
 * retried once on 401. Failures throw ApiError.
 */
async function authorizedGet(path: string, signal?: AbortSignal): Promise<Response> {
  const send = async () => {
    const token = await sessionManager.accessToken();
    return fetch(path, { credentials: 'same-origin', signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let res = await send();
  if (res.status === 401 && (await sessionManager.refresh('TOKEN_REFRESHED').catch(() => null))) res = await send();
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Downloads a file from an authenticated API route, saved under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await authorizedGet(path);
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

/** The text of an authenticated document (an HTML page the dashboard shows in a frame). */
export async function fetchText(path: string, signal?: AbortSignal): Promise<string> {
  return (await authorizedGet(path, signal)).text();
}
