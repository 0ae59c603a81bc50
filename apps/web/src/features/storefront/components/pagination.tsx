import { Link, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useStorefront } from '../store-context';

/** Previous / next pages through the `page` query parameter, keeping the other filters. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const [params] = useSearchParams();
  const { theme } = useStorefront();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    const qs = next.toString();
    return qs ? `?${qs}` : '?';
  };
  const step = clsx('inline-flex min-h-11 items-center gap-1 px-4 text-sm font-medium transition hover:bg-black/5', theme.chip);
  const off = clsx(step, 'pointer-events-none opacity-40');
  return (
    <nav aria-label="Pagine dei prodotti" className="mt-10 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={step} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Precedente
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          <ChevronLeft aria-hidden className="size-4" /> Precedente
        </span>
      )}
      <span className="text-sm tabular-nums" aria-current="page">
        Pagina {page} di {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={step} rel="next">
          Successiva <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Successiva <ChevronRight aria-hidden className="size-4" />
        </span>
      )}
    </nav>
  );
}
