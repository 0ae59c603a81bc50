import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@vetrina/shared';
import type { PaymentSettings, PaymentSettingsData } from '@vetrina/shared/payment-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSavePaymentSettings } from '../../api';
import { paymentFormFieldOf, paymentFormSchema, paymentFormValues, type PaymentFormValues } from '../../payment-form';
import { BankTransferFields } from './bank-transfer-fields';
import { CardFields } from './card-fields';
import { CodFields } from './cod-fields';
import { PaymentMethodBlock } from './payment-method-block';
import { PickupFields } from './pickup-fields';

type Method = keyof PaymentFormValues;

/** Impostazioni → Pagamenti: one block per method, saved on its own ('Salva pagamenti'). */
export function PaymentSettingsForm({ storeId, settings }: { storeId: string; settings: PaymentSettings }) {
  const save = useSavePaymentSettings(storeId);
  const schema = useMemo(() => paymentFormSchema(settings.card), [settings.card]);
  const form = useForm<PaymentFormValues, unknown, PaymentSettingsData>({ resolver: zodResolver(schema), defaultValues: paymentFormValues(settings) });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const enabled = form.watch(['bankTransfer.enabled', 'cod.enabled', 'pickup.enabled', 'card.enabled']);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Modifiche salvate');
        form.reset(paymentFormValues(saved));
      },
      onError: (err) => {
        const field = err instanceof ApiError ? paymentFormFieldOf(err.field) : null;
        if (field) form.setError(field, { type: 'server', message: err.message }, { shouldFocus: true });
        else toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare i metodi di pagamento') });
      },
    }),
  );

  const block = (method: Method, index: number) => ({
    enabled: enabled[index] ?? false,
    showFields: Boolean(enabled[index] || errors[method]),
    onEnabledChange: (on: boolean) => {
      form.setValue(`${method}.enabled`, on, { shouldDirty: true });
      form.clearErrors('root');
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Metodi di pagamento">
      <fieldset disabled={save.isPending} className="grid gap-4">
        <PaymentMethodBlock
          title={PAYMENT_METHOD_LABELS.bank_transfer}
          description="Il cliente riceve IBAN e causale e paga entro la scadenza."
          testId="payment-bank-transfer"
          {...block('bankTransfer', 0)}
        >
          <BankTransferFields form={form} payoutEditable={settings.payoutEditable} />
        </PaymentMethodBlock>
        <PaymentMethodBlock
          title={PAYMENT_METHOD_LABELS.cod}
          description="Il cliente paga al corriere alla consegna."
          testId="payment-cod"
          {...block('cod', 1)}
        >
          <CodFields form={form} />
        </PaymentMethodBlock>
        <PaymentMethodBlock
          title={PAYMENT_METHOD_LABELS.pickup}
          description="Il cliente ritira e paga in negozio, senza spese di spedizione."
          testId="payment-pickup"
          {...block('pickup', 2)}
        >
          <PickupFields form={form} />
        </PaymentMethodBlock>
        <PaymentMethodBlock
          title={`${PAYMENT_METHOD_LABELS.card} (Stripe)`}
          description="Il cliente paga con carta su Stripe Checkout; l’ordine risulta pagato appena Stripe lo conferma."
          badge={
            settings.card.mode && (
              <Badge variant={settings.card.mode === 'live' ? 'success' : 'warning'}>{settings.card.mode === 'live' ? 'Live' : 'Test'}</Badge>
            )
          }
          testId="payment-card"
          {...block('card', 3)}
        >
          <CardFields form={form} card={settings.card} payoutEditable={settings.payoutEditable} />
        </PaymentMethodBlock>
      </fieldset>
      <FormAlert message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvataggio...' : 'Salva pagamenti'}
        </Button>
      </div>
    </form>
  );
}
