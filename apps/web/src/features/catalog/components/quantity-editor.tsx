import { useId, useState } from 'react';
import { toast } from 'sonner';
import { catalogMsg, isNegativeQuantity, quantityFromInput, type InventoryItem } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUpdateQuantity } from '../api/inventory';

/**
 * Inline quantity edit: Modifica → number field → Salva / Annulla. Anything not a number becomes 0
 * (spec); a negative number is refused with its reason instead of being saved as 0.
 */
export function QuantityEditor({ storeId, item, label }: { storeId: string; item: InventoryItem; label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const update = useUpdateQuantity(storeId);
  const edit = (text: string | null) => {
    setDraft(text);
    setError(null);
  };
  const cancel = () => edit(null);
  const saveDraft = () => {
    if (draft === null) return;
    if (isNegativeQuantity(draft)) return setError(catalogMsg.qtyNegative);
    const qty = quantityFromInput(draft);
    if (qty === item.qty) return cancel();
    update.mutate(
      { id: item.id, qty },
      {
        onSuccess: () => {
          toast.success('Stock aggiornato', { description: `${label}: ${qty} pz` });
          edit(null);
        },
        onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile aggiornare lo stock') }),
      },
    );
  };

  if (draft === null) {
    return (
      <div className="flex items-center justify-end gap-3">
        <span className={cn('min-w-8 text-right font-semibold tabular-nums', item.qty === 0 && 'text-destructive')} data-testid="inventory-qty">
          {item.qty}
        </span>
        <Button variant="outline" size="sm" onClick={() => edit(String(item.qty))} aria-label={`Modifica quantità di ${label}`}>
          Modifica
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-wrap items-center justify-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        saveDraft();
      }}
      onKeyDown={(e) => e.key === 'Escape' && cancel()}
    >
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={draft}
        onChange={(e) => edit(e.target.value)}
        aria-label={`Quantità di ${label}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-9 w-24 text-right"
        autoFocus
        disabled={update.isPending}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Salvataggio...' : 'Salva'}
      </Button>
      <Button variant="ghost" size="sm" onClick={cancel} disabled={update.isPending}>
        Annulla
      </Button>
      {error && (
        <p id={errorId} role="alert" className="basis-full text-right text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
