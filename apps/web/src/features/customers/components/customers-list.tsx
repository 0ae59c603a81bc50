import { Link } from 'react-router';
import { plural } from '@vetrina/shared/plural';
import type { CustomerSummary } from '@vetrina/shared/customers';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { ConsentText } from './consent-text';

/** 'Clienti' below 1024 px: one line per customer, every figure whole (beside the sidebar the table needs more room). */
export function CustomersList({ items, busy }: { items: CustomerSummary[]; busy: boolean }) {
  return (
    <ul className={cn('divide-y rounded-lg border bg-background transition-opacity', busy && 'opacity-60')} aria-label="Clienti dello store">
      {items.map((c) => (
        <li key={c.key} className="grid gap-0.5 px-3 py-2.5 text-sm">
          <Link to={`/dashboard/customers/${c.key}`} className="truncate font-semibold text-primary underline-offset-4 hover:underline" title={c.name}>
            {c.name}
          </Link>
          <span className="truncate text-xs text-muted-foreground" title={c.email}>
            {c.email}
          </span>
          <span className="flex flex-wrap justify-between gap-x-3 tabular-nums">
            <span>
              {plural(c.orderCount, 'ordine', 'ordini')} · <span className="font-medium">{formatCents(c.spentCents)}</span>
            </span>
            <span className="text-muted-foreground">ultimo il {formatDate(c.lastOrderAt)}</span>
          </span>
          <span className="text-xs">
            Consenso marketing: <ConsentText at={c.marketingConsentAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
