import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import { EU_COUNTRIES, type ShippingSettings } from '@vetrina/shared/shipping';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { MoneyField } from '@/components/ui/money-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveShippingSettings } from '../../api';
import { shippingFormPath, shippingFormSchema, shippingFormValues, type ShippingFormValues } from '../../shipping-form';

const nameOf = (code: string) => EU_COUNTRIES.find((c) => c.code === code)?.name ?? code;
const FOREIGN = EU_COUNTRIES.filter((c) => c.code !== 'IT');

/** Impostazioni → Spedizioni: Italy's rate and free-shipping threshold, and the other EU countries the store ships to. */
export function ShippingSettingsForm({ storeId, settings, readOnly }: { storeId: string; settings: ShippingSettings; readOnly: boolean }) {
  const save = useSaveShippingSettings(storeId);
  const form = useForm<ShippingFormValues, unknown, ShippingSettings>({
    resolver: zodResolver(shippingFormSchema),
    defaultValues: shippingFormValues(settings),
  });
  const countries = useFieldArray({ control: form.control, name: 'countries' });
  const [adding, setAdding] = useState('');
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const available = FOREIGN.filter((c) => !countries.fields.some((f) => f.code === c.code));

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Modifiche salvate');
        form.reset(shippingFormValues(saved));
      },
      onError: (err) => {
        const path = err instanceof ApiError && err.field ? shippingFormPath(err.field) : 'root';
        form.setError(path as 'root', { type: 'server', message: errorMessage(err, 'Impossibile salvare le spedizioni') }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Tariffe di spedizione">
      <fieldset disabled={save.isPending || readOnly} className="grid gap-6">
        <div className="grid gap-4 rounded-lg border p-4">
          <h3 className="font-medium">Italia</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField
              label="Tariffa (€)"
              placeholder="5,99"
              hint="Per ordine. 0,00 per la spedizione sempre gratuita."
              error={errors.domestic?.rate?.message}
              {...form.register('domestic.rate')}
            />
            <MoneyField
              label="Spedizione gratuita da (€)"
              placeholder="Mai"
              hint="Facoltativo: dal totale dei prodotti (dopo gli sconti) la spedizione è gratuita."
              error={errors.domestic?.freeAbove?.message}
              {...form.register('domestic.freeAbove')}
            />
          </div>
        </div>

        <div className="grid gap-3">
          <h3 className="font-medium">Altri paesi dell’Unione europea</h3>
          {countries.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">Spedisci solo in Italia. Aggiungi un paese per offrirlo al checkout con la sua tariffa.</p>
          )}
          <ul className="grid gap-3" role="list">
            {countries.fields.map((field, index) => (
              <li key={field.id} className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-start">
                <p className="font-medium sm:pt-8">{nameOf(field.code)}</p>
                <MoneyField
                  label={`Tariffa ${nameOf(field.code)} (€)`}
                  error={errors.countries?.[index]?.rate?.message}
                  {...form.register(`countries.${index}.rate`)}
                />
                <MoneyField
                  label="Gratuita da (€)"
                  placeholder="Mai"
                  error={errors.countries?.[index]?.freeAbove?.message}
                  {...form.register(`countries.${index}.freeAbove`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Rimuovi ${nameOf(field.code)}`}
                  onClick={() => countries.remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          {available.length > 0 && (
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid min-w-56 gap-2">
                <Label htmlFor="aggiungi-paese">Aggiungi un paese</Label>
                <NativeSelect id="aggiungi-paese" value={adding} onChange={(e) => setAdding(e.target.value)}>
                  <option value="">Scegli un paese…</option>
                  {available.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="button"
                variant="outline"
                disabled={!adding}
                onClick={() => {
                  countries.append({ code: adding, rate: form.getValues('domestic.rate'), freeAbove: '' });
                  setAdding('');
                }}
              >
                <Plus aria-hidden />
                Aggiungi
              </Button>
            </div>
          )}
        </div>
      </fieldset>
      <FormAlert message={errors.root?.message ?? errors.countries?.root?.message ?? errors.countries?.message} />
      {!readOnly && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvataggio...' : 'Salva spedizioni'}
          </Button>
        </div>
      )}
    </form>
  );
}
