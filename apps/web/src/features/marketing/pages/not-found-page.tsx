import { Link, useMatches } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

export default function NotFoundPage() {
  // Also rendered inside the dashboard layout, which already provides the <main> landmark.
  const insideDashboard = useMatches().some((match) => match.pathname === '/dashboard');
  const Root = insideDashboard ? 'div' : 'main';
  return (
    <Root className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <title>Pagina non trovata · Vetrina</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-violet-700">
        <SearchX aria-hidden className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-violet-700">ERRORE 404</p>
      <h1 lang="en" className="mt-2 text-3xl font-bold tracking-tight">
        Oops! Page not found
      </h1>
      <p className="mt-3 text-muted-foreground text-pretty">
        La pagina che cerchi non esiste o è stata spostata. Controlla l&apos;indirizzo oppure riparti dalla home.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses()}>
          <ArrowLeft aria-hidden />
          Torna alla home
        </Link>
        <Link to="/faq" className={buttonClasses('outline')}>
          Domande frequenti
        </Link>
      </div>
    </Root>
  );
}
