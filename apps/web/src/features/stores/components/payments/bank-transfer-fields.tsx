import { PAYMENT_LIMITS } from '@vetrina/shared';
import { payoutMsg } from '@vetrina/shared/payment-settings';
import { FormField } from '@/components/ui/form-field';
import type { PaymentForm } from '../../payment-form';

/**
 * IBAN, holder, bank and how many days the shopper has to pay. IBAN and holder are the owner's to
 * change: an admin reads them (the IBAN masked) and the form sends them back as they came.
 */
export function BankTransferFields({ form, payoutEditable }: { form: PaymentForm; payoutEditable: boolean }) {
  const errors = form.formState.errors.bankTransfer;
  return (
    <>
      <FormField
        label="IBAN"
        placeholder="IT60 X054 2811 1010 0000 0123 456"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={50}
        className="font-mono"
        readOnly={!payoutEditable}
        hint={payoutEditable ? undefined : payoutMsg.readOnly}
        error={errors?.iban?.message}
        {...form.register('bankTransfer.iban')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Intestatario"
          maxLength={100}
          autoComplete="off"
          readOnly={!payoutEditable}
          error={errors?.holder?.message}
          {...form.register('bankTransfer.holder')}
        />
        <FormField label="Banca" maxLength={100} autoComplete="off" hint="Facoltativa" error={errors?.bank?.message} {...form.register('bankTransfer.bank')} />
      </div>
      <FormField
        label="Scadenza pagamento (giorni)"
        inputMode="numeric"
        maxLength={2}
        className="sm:max-w-40"
        hint={`Da ${PAYMENT_LIMITS.deadlineDaysMin} a ${PAYMENT_LIMITS.deadlineDaysMax} giorni dall’ordine.`}
        error={errors?.deadlineDays?.message}
        {...form.register('bankTransfer.deadlineDays')}
      />
      <p className="text-sm text-muted-foreground">
        Gli ordini non pagati entro la scadenza vengono annullati automaticamente e i loro articoli tornano disponibili in magazzino.
      </p>
    </>
  );
}
