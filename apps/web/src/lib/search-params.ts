/**
 * The URL's query with `changes` applied: a filled value is set, an empty one (null, undefined, '') removes the
 * key, the other keys stay. The tables' filters, sort and page live in the URL through it.
 */
export function withParamChanges(prev: URLSearchParams, changes: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/** The list's page from `?page=`: a whole number from 1, whatever the URL holds. */
export const pageParam = (params: URLSearchParams): number => Math.max(1, Math.floor(Number(params.get('page')) || 1));
