import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { combinationLabel, optionKey, plural, suggestVariantSku, VARIANT_OPTION_LIMITS } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FieldError } from '@/components/ui/label';
import type { OptionVariants } from '../use-option-variants';
import { FormSection } from './form-section';
import { OptionValuesInput } from './option-values-input';
import { OptionVariantsTable } from './option-variants-table';

interface Removal {
  title: string;
  count: number;
  apply: () => void;
}

/** 'Opzioni' (Colore: Rosso, Blu; Taglia: S, M, L) and the table of the variants they make. */
export function OptionsSection({ storeId, state, productSku }: { storeId: string; state: OptionVariants; productSku: string }) {
  const { options, setOptions } = state;
  const [removal, setRemoval] = useState<Removal | null>(null);
  const update = (i: number, patch: Partial<(typeof options)[number]>) => {
    setOptions(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
    state.setError(null);
  };
  // Removing what saved variants are made of asks first (those with orders are archived on save).
  const ask = (r: Removal) => (r.count > 0 ? setRemoval(r) : r.apply());
  const removeValue = (i: number, value: string) =>
    ask({
      title: `Rimuovere il valore "${value}"?`,
      count: state.variantsWith(i, value),
      apply: () => update(i, { values: options[i]!.values.filter((v) => v !== value) }),
    });
  const removeOption = (i: number) =>
    ask({
      title: `Rimuovere l’opzione "${options[i]!.name || 'senza nome'}"?`,
      count: state.variantsWith(i),
      apply: () => setOptions(options.filter((_, j) => j !== i)),
    });
  const addValues = (i: number, values: string[]) => {
    const seen = new Set(options[i]!.values.map(optionKey));
    const fresh = values.filter((v) => !seen.has(optionKey(v)) && seen.add(optionKey(v)));
    update(i, { values: [...options[i]!.values, ...fresh] });
  };

  return (
    <FormSection
      title="Opzioni"
      description="Colore, taglia, capacità: le varianti sono tutte le combinazioni dei valori, ognuna con prezzo, stock e SKU propri."
      actions={
        options.length < VARIANT_OPTION_LIMITS.options ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setOptions([...options, { name: '', values: [] }])}>
            <Plus aria-hidden /> Aggiungi opzione
          </Button>
        ) : undefined
      }
    >
      {options.length === 0 && <p className="text-sm text-muted-foreground">Nessuna opzione: il prodotto si vende con il suo stock.</p>}
      {options.map((o, i) => (
        <fieldset key={i} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start" data-testid="option">
          <legend className="sr-only">Opzione {i + 1}</legend>
          <FormField
            label="Nome opzione"
            maxLength={VARIANT_OPTION_LIMITS.nameMax}
            placeholder="Es. Colore"
            value={o.name}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <OptionValuesInput optionName={o.name} values={o.values} onAdd={(v) => addValues(i, v)} onRemove={(v) => removeValue(i, v)} />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive sm:mt-7"
            onClick={() => removeOption(i)}
            aria-label={`Rimuovi l’opzione ${o.name || i + 1}`}
          >
            <Trash2 aria-hidden /> <span className="sm:sr-only">Rimuovi opzione</span>
          </Button>
        </fieldset>
      ))}
      <FieldError id="options-error" message={state.error ?? undefined} />
      {state.combinations.length > 0 && (
        <OptionVariantsTable storeId={storeId} state={state} suggestSku={(values) => suggestVariantSku(productSku, values)} labelOf={combinationLabel} />
      )}
      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => !open && setRemoval(null)}
        title={removal?.title ?? ''}
        description={
          removal
            ? `${plural(removal.count, 'variante salvata verrà eliminata', 'varianti salvate verranno eliminate')} al salvataggio del prodotto. Quelle presenti in ordini vengono archiviate: non più in vendita, restano negli ordini.`
            : ''
        }
        confirmLabel="Rimuovi"
        onConfirm={() => {
          removal?.apply();
          setRemoval(null);
        }}
      />
    </FormSection>
  );
}
