import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PackageCheck } from 'lucide-react';
import { lowStockSettingsSchema, type DashboardStats } from '@vetrina/shared/stats';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useSetLowStockThreshold } from '../../api';
import { countOf } from '../../stats-format';

/** Owners and admins set what "low" means for the store (default 3 available). */
function ThresholdForm({ storeId, threshold, onDone }: { storeId: string; threshold: number; onDone: () => void }) {
  const id = useId();
  const [value, setValue] = useState(String(threshold));
  const [error, setError] = useState<string>();
  const save = useSetLowStockThreshold(storeId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = lowStockSettingsSchema.safeParse({ lowStockThreshold: /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data.lowStockThreshold, {
      onSuccess: () => {
        toast.success('Soglia salvata');
        onDone();
      },
      onError: (err) => setError(errorMessage(err, 'Impossibile salvare la soglia')),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-md border p-3" noValidate>
      <Label htmlFor={`${id}-threshold`}>Avvisami quando restano al massimo</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-threshold`}
          inputMode="numeric"
          className="w-24"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" className="h-10" disabled={save.isPending}>
          {save.isPending ? 'Salvataggio…' : 'Salva'}
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onDone}>
          Annulla
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

/** Sellable units at or below the store's threshold, fewest first, with the way to the inventory. */
export function LowStockCard({ storeId, lowStock, canEdit }: { storeId: string; lowStock: DashboardStats['lowStock']; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          Scorte basse
        </CardTitle>
        <CardDescription>
          Disponibili {lowStock.threshold === 0 ? 'esauriti' : `al massimo ${lowStock.threshold}`}
          {canEdit && !editing && (
            <>
              {' · '}
              <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => setEditing(true)}>
                Modifica soglia
              </button>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {editing && <ThresholdForm storeId={storeId} threshold={lowStock.threshold} onDone={() => setEditing(false)} />}
        {lowStock.items.length === 0 ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <PackageCheck className="size-5" aria-hidden /> Nessun prodotto con scorte basse.
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {lowStock.items.map((i) => (
              <li key={i.inventoryId} className="flex min-w-0 items-center gap-3 text-sm">
                <span className="min-w-0 flex-1 truncate" title={i.variantLabel ? `${i.title} (${i.variantLabel})` : i.title}>
                  {i.title}
                  {i.variantLabel && <span className="text-muted-foreground"> · {i.variantLabel}</span>}
                </span>
                <span
                  className={
                    i.available <= 0 ? 'shrink-0 whitespace-nowrap font-semibold text-destructive' : 'shrink-0 whitespace-nowrap font-medium tabular-nums'
                  }
                >
                  {i.available <= 0 ? 'Esaurito' : countOf(i.available, 'disponibile', 'disponibili')}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/dashboard/inventory" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {lowStock.total > lowStock.items.length ? `Vedi tutti (${lowStock.total}) nel magazzino` : 'Vai al magazzino'}
        </Link>
      </CardContent>
    </Card>
  );
}
