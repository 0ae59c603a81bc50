import { MoneyField } from '@/components/ui/money-field';
import type { PaymentForm } from '../../payment-form';

/** Cash on delivery: an optional surcharge and an optional maximum order total. */
export function CodFields({ form }: { form: PaymentForm }) {
  const errors = form.formState.errors.cod;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <MoneyField
        label="Supplemento (€)"
        hint="Facoltativo: lascia vuoto o 0 per nessun supplemento (massimo 50,00 €)."
        error={errors?.surcharge?.message}
        {...form.register('cod.surcharge')}
      />
      <MoneyField
        label="Totale massimo (€)"
        placeholder="Nessun limite"
        hint="Facoltativo: oltre questo totale il contrassegno non viene proposto."
        error={errors?.maxTotal?.message}
        {...form.register('cod.maxTotal')}
      />
    </div>
  );
}
