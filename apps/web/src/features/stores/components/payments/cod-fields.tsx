import { FormField } from '@/components/ui/form-field';
import type { PaymentForm } from '../../payment-form';

/** Cash on delivery: an optional surcharge and an optional maximum order total. */
export function CodFields({ form }: { form: PaymentForm }) {
  const errors = form.formState.errors.cod;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Supplemento (€)"
        inputMode="decimal"
        placeholder="0,00"
        maxLength={12}
        hint="Facoltativo: lascia vuoto o 0 per nessun supplemento (massimo 50,00 €)."
        error={errors?.surcharge?.message}
        {...form.register('cod.surcharge')}
      />
      <FormField
        label="Totale massimo (€)"
        inputMode="decimal"
        placeholder="Nessun limite"
        maxLength={12}
        hint="Facoltativo: oltre questo totale il contrassegno non viene proposto."
        error={errors?.maxTotal?.message}
        {...form.register('cod.maxTotal')}
      />
    </div>
  );
}
