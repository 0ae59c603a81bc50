import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import NotFoundPage from '@/features/marketing/pages/not-found-page';

/** Shown when a route fails to render: the spec's generic heading, and a way back. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">Qualcosa non ha funzionato nel caricare questa pagina. Ricarica o torna alla home.</p>
      {detail && <pre className="max-w-full overflow-x-auto rounded-md bg-muted px-3 py-2 text-left text-xs">{detail}</pre>}
      <div className="flex gap-2">
        <button className={buttonClasses('outline')} onClick={() => window.location.reload()}>
          Ricarica
        </button>
        <Link to="/" className={buttonClasses()}>
          Torna alla home
        </Link>
      </div>
    </main>
  );
}
