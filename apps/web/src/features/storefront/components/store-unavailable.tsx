import { Store } from 'lucide-react';
import { ApiError } from '@/lib/api-error';

/** 'Store non trovato' for an unknown slug; any other failure offers a retry. */
export function StoreUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-neutral-50 px-6 text-center text-neutral-900">
      <title>{missing ? 'Store non trovato' : 'Impossibile caricare lo store'}</title>
      <span className="flex size-16 items-center justify-center rounded-full bg-neutral-200">
        <Store aria-hidden className="size-8 text-neutral-600" />
      </span>
      <h1 className="text-2xl font-bold">{missing ? 'Store non trovato' : 'Impossibile caricare lo store'}</h1>
      <p className="max-w-md text-neutral-600">
        {missing ? "L'indirizzo potrebbe essere sbagliato, oppure il negozio non esiste più." : 'Controlla la connessione e riprova.'}
      </p>
      {missing ? (
        <a href="/" className="rounded-md bg-neutral-900 px-4 py-2.5 text-sm font-medium text-white hover:bg-neutral-700">
          Vai a Vetrina
        </a>
      ) : (
        <button type="button" onClick={onRetry} className="rounded-md bg-neutral-900 px-4 py-2.5 text-sm font-medium text-white hover:bg-neutral-700">
          Riprova
        </button>
      )}
    </main>
  );
}
