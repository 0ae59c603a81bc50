import { useId } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { productFormSchema } from '@vetrina/shared';
import { WITHDRAWAL_EXCLUSIONS, WITHDRAWAL_EXCLUSION_CHOICES, WITHDRAWAL_EXCLUSION_LABELS } from '@vetrina/shared/returns';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Field } from './field';

type FormIn = z.input<typeof productFormSchema>;

/** 'Escluso dal recesso' (art. 59 Codice del Consumo): a switch that reveals why; the product page shows the reason. */
export function WithdrawalExclusionField({
  control,
  register,
  excluded,
  reason,
  error,
}: {
  control: Control<FormIn, unknown, z.output<typeof productFormSchema>>;
  register: UseFormRegister<FormIn>;
  excluded: boolean;
  reason: string;
  error?: string;
}) {
  const id = useId();
  const label = reason && reason in WITHDRAWAL_EXCLUSION_LABELS ? WITHDRAWAL_EXCLUSION_LABELS[reason as keyof typeof WITHDRAWAL_EXCLUSION_LABELS] : null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
        <div className="grid gap-1">
          <Label htmlFor={id}>Escluso dal recesso</Label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Solo per i casi che la legge ammette. Il cliente non potrà sceglierlo nel modulo «Recedi dal contratto».
          </p>
        </div>
        <Controller
          control={control}
          name="withdrawalExcluded"
          render={({ field }) => (
            <Switch
              id={id}
              ref={field.ref}
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-hint`}
              data-testid="product-withdrawal-excluded"
            />
          )}
        />
      </div>
      {excluded && (
        <Field label="Motivo dell’esclusione" error={error} hint={label ? `Nella scheda del prodotto: «${label}»` : undefined}>
          {(c) => (
            <NativeSelect {...c} {...register('withdrawalExclusion')}>
              <option value="">Scegli il motivo…</option>
              {WITHDRAWAL_EXCLUSIONS.map((r) => (
                <option key={r} value={r}>
                  {WITHDRAWAL_EXCLUSION_CHOICES[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
    </div>
  );
}
