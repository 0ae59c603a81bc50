import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

export interface Crumb {
  label: string;
  to?: string;
}

/** Where the shopper is: links up to the current page, which is the last, unlinked crumb. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Percorso">
      <ol className="flex flex-wrap items-center gap-1 text-sm opacity-80">
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex min-w-0 items-center gap-1">
            {i > 0 && <ChevronRight aria-hidden className="size-3.5 shrink-0" />}
            {c.to && i < items.length - 1 ? (
              <Link to={c.to} className="hover:text-(--sf-primary-ink) hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="line-clamp-1 font-medium">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
