import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import type { VariantFormValues } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** Attribute pairs (e.g. Colore = Rosso). Spec §5: a pair is kept only if both key and value are filled. */
export function AttributePairs({ control, register }: { control: Control<VariantFormValues>; register: UseFormRegister<VariantFormValues> }) {
  const pairs = useFieldArray({ control, name: 'attributes' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Attributi</legend>
      {pairs.fields.map((f, i) => (
        <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] gap-2">
          <Input aria-label={`Nome attributo ${i + 1}`} placeholder="es. Colore" maxLength={50} {...register(`attributes.${i}.key`)} />
          <Input aria-label={`Valore attributo ${i + 1}`} placeholder="es. Rosso" maxLength={100} {...register(`attributes.${i}.value`)} />
          <Button variant="ghost" size="icon" onClick={() => pairs.remove(i)} aria-label={`Rimuovi attributo ${i + 1}`}>
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => pairs.append({ key: '', value: '' })} disabled={pairs.fields.length >= 20}>
          <Plus aria-hidden /> Aggiungi attributo
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Le coppie con nome o valore vuoto non vengono salvate.</p>
    </fieldset>
  );
}
