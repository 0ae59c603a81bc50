import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

// Lazy and without the button helper: this file is in the entry chunk the storefront loads too.
const NotFoundPage = lazy(() => import('@/features/marketing/pages/not-found-page'));
const button = 'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium transition-colors';

/** Shown when a route fails to render: the spec's generic heading, and a way back. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">Qualcosa non ha funzionato nel caricare questa pagina. Ricarica o torna alla home.</p>
      {detail && <pre className="max-w-full overflow-x-auto rounded-md bg-muted px-3 py-2 text-left text-xs">{detail}</pre>}
      <div className="flex gap-2">
        <button className={`${button} border border-input bg-background hover:bg-muted`} onClick={() => window.location.reload()}>
          Ricarica
        </button>
        <Link to="/" className={`${button} bg-primary text-primary-foreground shadow-sm hover:bg-primary/90`}>
          Torna alla home
        </Link>
      </div>
    </main>
  );
}
