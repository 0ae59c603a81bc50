import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import type { DashboardStats } from '@vetrina/shared/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { countOf } from '../../stats-format';

/** The five products with the most units sold in the period. */
export function TopProductsCard({ products }: { products: DashboardStats['topProducts'] }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          Prodotti più venduti
        </CardTitle>
      </CardHeader>
      <CardContent>
        {products.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <Trophy className="size-8" aria-hidden />
            <p>Nessuna vendita nel periodo.</p>
            <Link to="/dashboard/products" className="font-medium text-primary underline-offset-4 hover:underline">
              Gestisci prodotti
            </Link>
          </div>
        ) : (
          <ol className="grid grid-cols-1 gap-2">
            {products.map((p, i) => (
              <li key={p.productId} className="flex min-w-0 items-center gap-3 text-sm">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">{i + 1}</span>
                <span className="min-w-0 flex-1 truncate" title={p.title}>
                  {p.title}
                </span>
                {/* Figures are never cut (docs/decisions/0023-dashboard-numbers.md): only the name gives way. */}
                <span className="shrink-0 whitespace-nowrap text-muted-foreground">{countOf(p.units, 'pezzo', 'pezzi')}</span>
                <span className="min-w-20 shrink-0 whitespace-nowrap text-right font-medium tabular-nums">{formatCents(p.revenueCents)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
