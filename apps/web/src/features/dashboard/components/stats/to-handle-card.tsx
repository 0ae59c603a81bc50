import { Link } from 'react-router';
import { ChevronRight, Clock, CreditCard } from 'lucide-react';
import type { DashboardStats } from '@vetrina/shared/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '../../stats-format';

/** Orders waiting for the team, each a link to the orders page filtered the same way. */
export function ToHandleCard({ toHandle }: { toHandle: DashboardStats['toHandle'] }) {
  const rows = [
    { label: 'In attesa', n: toHandle.pending, to: '/dashboard/orders?status=pending', icon: Clock },
    { label: 'Da pagare', n: toHandle.unpaid, to: '/dashboard/orders?paymentStatus=unpaid', icon: CreditCard },
  ];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          Da gestire
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        {rows.map((r) => (
          <Link
            key={r.label}
            to={r.to}
            className="flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <r.icon className="size-4 text-muted-foreground" aria-hidden />
            <span className="flex-1">{r.label}</span>
            <span className={r.n ? 'font-semibold tabular-nums' : 'tabular-nums text-muted-foreground'} data-testid={`to-handle-${r.label}`}>
              {formatCount(r.n)}
            </span>
            <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
          </Link>
        ))}
        {toHandle.pending === 0 && toHandle.unpaid === 0 && (
          <p className="px-2 pt-1 text-xs text-muted-foreground">Tutto in ordine: nessun ordine da gestire.</p>
        )}
      </CardContent>
    </Card>
  );
}
