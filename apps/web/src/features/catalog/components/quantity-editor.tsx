import { useState } from 'react';
import { toast } from 'sonner';
import { quantityFromInput, type InventoryItem } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUpdateQuantity } from '../api/inventory';

/** Inline quantity edit: Modifica → number field (min 0, anything not a number becomes 0) → Salva / Annulla. */
export function QuantityEditor({ storeId, item, label }: { storeId: string; item: InventoryItem; label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateQuantity(storeId);
  const cancel = () => setDraft(null);
  const saveDraft = () => {
    if (draft === null) return;
    const qty = quantityFromInput(draft);
    if (qty === item.qty) return cancel();
    update.mutate(
      { id: item.id, qty },
      {
        onSuccess: () => {
          toast.success('Stock aggiornato', { description: `${label}: ${qty} pz` });
          setDraft(null);
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
        <Button variant="outline" size="sm" onClick={() => setDraft(String(item.qty))} aria-label={`Modifica quantità di ${label}`}>
          Modifica
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex items-center justify-end gap-2"
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
        onChange={(e) => setDraft(e.target.value)}
        aria-label={`Quantità di ${label}`}
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
    </form>
  );
}
