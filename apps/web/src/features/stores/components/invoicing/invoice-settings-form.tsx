import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { VAT_CODE_LABELS, VAT_CODES } from '@vetrina/shared/vat';
import {
  FISCAL_REGIME_LABELS,
  FISCAL_REGIMES,
  invoiceSettingsInputSchema,
  type InvoiceSettings,
  type InvoiceSettingsData,
  type InvoiceSettingsInput,
} from '@vetrina/shared/invoices';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { setServerFieldError } from '@/lib/form-errors';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveInvoiceSettings } from '../../invoicing-api';
import { INVOICE_SETTINGS_FIELDS, invoiceSettingsValues } from '../../invoice-settings-form';
import { InvoicingNotReady } from './invoicing-not-ready';
import { SelectField } from './select-field';

const VAT_OPTIONS = VAT_CODES.map((value) => ({ value, label: VAT_CODE_LABELS[value] }));
const REGIME_OPTIONS = FISCAL_REGIMES.map((value) => ({ value, label: `${FISCAL_REGIME_LABELS[value]} (${value})` }));

/** Impostazioni → Fatturazione: the store's rate and regime, the seat printed on invoices, automatic issuing. */
export function InvoiceSettingsForm({ storeId, settings }: { storeId: string; settings: InvoiceSettings }) {
  const save = useSaveInvoiceSettings(storeId);
  const autoId = useId();
  const form = useForm<InvoiceSettingsInput, unknown, InvoiceSettingsData>({
    resolver: zodResolver(invoiceSettingsInputSchema),
    defaultValues: invoiceSettingsValues(settings),
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Modifiche salvate');
        form.reset(invoiceSettingsValues(saved));
      },
      onError: (err) => {
        if (!setServerFieldError(err, form.setError, INVOICE_SETTINGS_FIELDS))
          toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare le impostazioni di fatturazione') });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Fatturazione" data-testid="invoice-settings-form">
      {!settings.ready && <InvoicingNotReady />}
      <fieldset disabled={save.isPending} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Aliquota IVA predefinita"
            options={VAT_OPTIONS}
            hint="Per i prodotti senza un’aliquota propria, la spedizione e il supplemento del contrassegno."
            error={errors.defaultVatCode?.message}
            {...form.register('defaultVatCode')}
          />
          <SelectField
            label="Regime fiscale"
            options={REGIME_OPTIONS}
            hint="Forfettario e minimi non applicano l’IVA: come aliquota predefinita scegli la natura N2.2."
            error={errors.fiscalRegime?.message}
            {...form.register('fiscalRegime')}
          />
        </div>
        <FormField
          label="Indirizzo della sede"
          placeholder="Via Roma 1"
          maxLength={60}
          autoComplete="street-address"
          hint="Via e numero civico, come in visura camerale."
          error={errors.street?.message}
          {...form.register('street')}
        />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr_8rem]">
          <FormField
            label="CAP"
            placeholder="20121"
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            error={errors.postalCode?.message}
            {...form.register('postalCode')}
          />
          <FormField label="Comune" placeholder="Milano" maxLength={60} autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
          <FormField
            label="Provincia"
            placeholder="MI"
            maxLength={2}
            autoCapitalize="characters"
            autoComplete="off"
            className="uppercase"
            error={errors.province?.message}
            {...form.register('province')}
          />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor={autoId}>Emetti la fattura automaticamente quando un ordine che la richiede risulta pagato</Label>
            <p id={`${autoId}-hint`} className="text-xs text-muted-foreground">
              Altrimenti la emetti tu dai dettagli dell’ordine, con «Emetti fattura».
            </p>
          </div>
          <Controller
            control={form.control}
            name="autoIssue"
            render={({ field }) => (
              <Switch
                id={autoId}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`${autoId}-hint`}
                data-testid="invoice-settings-auto-issue"
              />
            )}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} data-testid="invoice-settings-save">
          {save.isPending ? 'Salvataggio...' : 'Salva fatturazione'}
        </Button>
      </div>
    </form>
  );
}
