/**
 * The storefront's first paint, before the store (and its theme) has loaded: a neutral header
 * and product grid. Plain markup with no imports, so the router can show it from the entry chunk.
 */
export function StoreSkeleton() {
  return (
    <div className="min-h-screen bg-white" role="status" aria-label="Caricamento dello store…">
      <div className="border-b border-black/5">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <div className="size-9 animate-pulse rounded-full bg-black/5" />
          <div className="h-5 w-36 animate-pulse rounded bg-black/5" />
          <div className="ml-auto size-10 animate-pulse rounded-full bg-black/5" />
        </div>
      </div>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="h-48 animate-pulse rounded-2xl bg-black/5 sm:h-64" />
        <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="space-y-3">
              <div className="aspect-square animate-pulse rounded-xl bg-black/5" />
              <div className="h-4 w-3/4 animate-pulse rounded bg-black/5" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
