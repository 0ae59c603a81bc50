/** What a public page's loader receives: the route's parameters and the page's address. */
export interface PageLoaderArgs {
  params: Record<string, string | undefined>;
  /** Read only: the same URL goes to the layout's loader and the page's. */
  url: URL;
}
