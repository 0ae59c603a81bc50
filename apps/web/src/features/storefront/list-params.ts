import { PAGE_SIZE, type ProductListParams } from './api';

/** The page number in a listing's URL (?page=), 1 when absent or not a number. */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/** The products page's filters, from its URL (?search=, ?category=, ?page=). */
export function listParams(params: URLSearchParams): ProductListParams {
  return { search: params.get('search')?.trim() || undefined, category: params.get('category') || undefined, page: pageOf(params), pageSize: PAGE_SIZE };
}
