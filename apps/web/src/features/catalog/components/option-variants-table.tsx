import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ImagePlus, X } from 'lucide-react';
import { plural } from '@vetrina/shared';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { imageFileError, uploadProductImages } from '../api/images';
import type { OptionVariants } from '../use-option-variants';

const HEAD = ['Variante', 'Differenza (€)', 'Prezzo pieno (€)', 'Stock', 'SKU', 'Foto'];
const GRID = 'sm:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_minmax(0,0.6fr)_minmax(0,1.4fr)_3rem]';

/** The picture of one combination: uploaded when chosen, attached when the product is saved. */
function RowPicture({ storeId, label, state, values }: { storeId: string; label: string; state: OptionVariants; values: string[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const image = state.rowOf(values).image;
  async function pick(file: File | undefined) {
    if (!file) return;
    const bad = imageFileError(file);
    if (bad) return void toast.error('Errore caricamento', { description: bad });
    setBusy(true);
    try {
      const [img] = await uploadProductImages(storeId, [file], 'variant');
      if (img) state.setRow(values, { image: img, imageChanged: true });
    } catch (err) {
      toast.error('Errore caricamento', { description: errorMessage(err, 'Riprova più tardi') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="relative size-10">
      <button
        type="button"
        className="flex size-10 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground hover:text-foreground"
        onClick={() => input.current?.click()}
        aria-label={image ? `Cambia foto ${label}` : `Aggiungi foto ${label}`}
        aria-busy={busy}
        disabled={busy}
      >
        {image ? <img src={image.thumbUrl} alt="" className="size-full object-cover" /> : <ImagePlus className="size-4" aria-hidden />}
      </button>
      {image && (
        <button
          type="button"
          className="absolute -right-1.5 -top-1.5 rounded-full border bg-background p-0.5"
          onClick={() => state.setRow(values, { image: null, imageChanged: true })}
          aria-label={`Rimuovi foto ${label}`}
        >
          <X className="size-3" aria-hidden />
        </button>
      )}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="hidden" onChange={(e) => void pick(e.target.files?.[0])} />
    </div>
  );
}

/** One editable row per combination; each field's accessible name carries the variant ('Stock Rosso / M'). */
export function OptionVariantsTable({
  storeId,
  state,
  suggestSku,
  labelOf,
}: {
  storeId: string;
  state: OptionVariants;
  suggestSku: (values: string[]) => string;
  labelOf: (values: string[]) => string;
}) {
  return (
    <div className="grid gap-2" role="group" aria-label="Varianti dalle opzioni">
      <p className="text-sm font-medium">{plural(state.combinations.length, 'variante', 'varianti')}</p>
      <div className={`hidden gap-2 px-1 text-xs font-medium text-muted-foreground sm:grid ${GRID}`} aria-hidden>
        {HEAD.map((h) => (
          <span key={h}>{h}</span>
        ))}
      </div>
      <ul className="grid gap-2">
        {state.combinations.map((values) => {
          const label = labelOf(values);
          const row = state.rowOf(values);
          const cell = (name: string, field: 'priceDelta' | 'compareAt' | 'stock' | 'sku', extra: Record<string, string> = {}) => (
            <label className="grid gap-1 text-xs text-muted-foreground">
              <span className="sm:sr-only">{name}</span>
              <Input
                aria-label={`${name} ${label}`}
                value={row[field]}
                onChange={(e) => state.setRow(values, { [field]: e.target.value })}
                autoComplete="off"
                spellCheck={false}
                className="h-9 text-foreground"
                {...extra}
              />
            </label>
          );
          return (
            <li
              key={label}
              className={`grid grid-cols-2 items-end gap-2 rounded-md border p-2 sm:items-center sm:border-0 sm:p-1 ${GRID}`}
              data-testid="option-variant-row"
            >
              <span className="col-span-2 truncate font-medium sm:col-span-1" title={label}>
                {label}
              </span>
              {cell('Differenza', 'priceDelta', { inputMode: 'text', placeholder: '0,00', maxLength: '16' })}
              {cell('Prezzo pieno', 'compareAt', { inputMode: 'decimal', placeholder: 'Facoltativo', maxLength: '16' })}
              {cell('Stock', 'stock', { inputMode: 'numeric', maxLength: '7' })}
              <div className="order-last col-span-2 sm:order-none sm:col-span-1">
                {cell('SKU', 'sku', { placeholder: suggestSku(values), maxLength: '64' })}
              </div>
              <RowPicture storeId={storeId} label={label} state={state} values={values} />
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">SKU vuoto: si usa quello suggerito. Le varianti si salvano con il prodotto.</p>
    </div>
  );
}
