import type { ComponentType } from 'react';
import { Boxes, CheckCircle2, Lock } from 'lucide-react';
import type { InventoryTotals as Totals } from '@vetrina/shared';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const number = new Intl.NumberFormat('it-IT');

function Total({
  label,
  value,
  icon: Icon,
  hint,
}: {
  label: string;
  value: number | undefined;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  hint: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-4">
      <span className="hidden size-10 shrink-0 sm:flex items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p className="text-xl font-bold sm:text-2xl" data-testid={`inventory-total-${label.toLowerCase()}`}>
            {number.format(value)}
          </p>
        )}
        <p className="hidden truncate text-xs text-muted-foreground sm:block">{hint}</p>
      </div>
    </Card>
  );
}

/** Spec §2 inventory totals: total, reserved, available (total minus reserved), for the whole store. */
export function InventoryTotals({ totals }: { totals: Totals | undefined }) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <Total label="Totale" value={totals?.total} icon={Boxes} hint="Unità in magazzino" />
      <Total label="Riservato" value={totals?.reserved} icon={Lock} hint="Impegnate da ordini aperti" />
      <Total label="Disponibile" value={totals?.available} icon={CheckCircle2} hint="Totale meno riservato" />
    </div>
  );
}
