import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Info } from 'lucide-react';
import { RETURN_LIMITS, RETURN_SHIPPING_LABELS, WITHDRAWAL_DAYS, returnSettingsSchema, type ReturnSettings } from '@vetrina/shared/returns';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError } from '@/components/ui/label';
import { TextareaField } from '@/components/ui/textarea-field';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveReturnSettings } from '../../api';

const PAYERS = Object.keys(RETURN_SHIPPING_LABELS) as ReturnSettings['returnShippingPaidBy'][];
const FIELDS = ['address', 'returnShippingPaidBy', 'instructions'] as const;

/** Impostazioni → Resi: the return address, who pays return shipping, and the instructions for the shopper. */
export function ReturnSettingsForm({ storeId, settings, readOnly }: { storeId: string; settings: ReturnSettings; readOnly: boolean }) {
  const save = useSaveReturnSettings(storeId);
  const form = useForm<ReturnSettings>({ resolver: zodResolver(returnSettingsSchema), defaultValues: settings });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const payer = form.watch('returnShippingPaidBy');
  const name = useId();

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Modifiche salvate');
        form.reset(saved);
      },
      onError: (err) => {
        const field = err instanceof ApiError ? FIELDS.find((f) => f === err.field) : undefined;
        form.setError(field ?? 'root', { type: 'server', message: errorMessage(err, 'Impossibile salvare le impostazioni dei resi') }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Impostazioni dei resi">
      <p className="flex gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          Il cliente recede da solo, senza account, con il link «Recedi dal contratto» in fondo a ogni pagina del negozio, entro {WITHDRAWAL_DAYS} giorni dalla
          consegna.
        </span>
      </p>
      <fieldset disabled={save.isPending || readOnly} className="grid gap-6">
        <TextareaField
          label="Indirizzo per i resi"
          rows={3}
          maxLength={RETURN_LIMITS.addressMax}
          placeholder={'Bottega Rossi S.r.l.\nVia Roma 1, 20121 Milano (MI)'}
          hint="Se lo lasci vuoto, le pagine legali indicano la sede legale dei Dati aziendali."
          error={errors.address?.message}
          {...form.register('address')}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Spedizione del reso</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PAYERS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  payer === value && 'border-primary bg-accent',
                )}
              >
                <input type="radio" value={value} className="mt-0.5 accent-primary" {...form.register('returnShippingPaidBy')} />
                <span>{RETURN_SHIPPING_LABELS[value]}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${name}-error`} message={errors.returnShippingPaidBy?.message} />
        </fieldset>
        <TextareaField
          label="Istruzioni per il reso"
          rows={5}
          maxLength={RETURN_LIMITS.instructionsMax}
          placeholder="Per esempio: imballa i prodotti con cura e scrivi sul pacco il numero del reso."
          hint="Facoltative. Il cliente le riceve nell’e-mail di conferma del recesso."
          error={errors.instructions?.message}
          {...form.register('instructions')}
        />
      </fieldset>
      <FormAlert message={errors.root?.message} />
      {!readOnly && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvataggio...' : 'Salva resi'}
          </Button>
        </div>
      )}
    </form>
  );
}
