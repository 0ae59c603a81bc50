import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, FileSearch } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

/** The way back from a record's page to its list (keeping the list's filters in `to`). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm', '-ml-2 w-fit')}>
      <ArrowLeft aria-hidden /> {children}
    </Link>
  );
}

/** A record's page before its record is there: a skeleton while it loads, the error and 'Riprova' if it failed. */
export function DetailPageStates({
  back,
  query,
  errorTitle,
}: {
  back: ReactNode;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  errorTitle: string;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy>
        {back}
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <LoadErrorState icon={FileSearch} title={errorTitle} error={query.error} onRetry={query.refetch} />
    </div>
  );
}
