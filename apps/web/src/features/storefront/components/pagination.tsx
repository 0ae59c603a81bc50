import { Link, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useStorefront } from '../store-context';

interface Props {
  page: number;
  total: number;
  pageSize: number;
  /** The total stopped counting at the cap ("oltre"). */
  totalCapped?: boolean;
  hasMore?: boolean;
  /** Carried by the 'Successiva' link: the server continues from it with an index seek. */
  nextCursor?: string | null;
}

/** Previous / next pages through the `page` query parameter (and the next page's cursor), keeping the other filters. */
export function Pagination({ page, total, pageSize, totalCapped = false, hasMore, nextCursor = null }: Props) {
  const [params] = useSearchParams();
  const { theme } = useStorefront();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = hasMore ?? page < pages;
  if (page <= 1 && !more) return null;
  const href = (n: number, cursor: string | null = null) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
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
        {totalCapped ? `Pagina ${page}` : `Pagina ${page} di ${pages}`}
      </span>
      {more ? (
        <Link to={href(page + 1, nextCursor)} className={step} rel="next">
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
