/** What a public page's loader receives: the route's parameters and the request (for its URL). */
export interface PageLoaderArgs {
  params: Record<string, string | undefined>;
  request: Request;
}
