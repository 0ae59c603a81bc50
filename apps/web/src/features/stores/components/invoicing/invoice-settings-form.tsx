import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { VAT_CODE_LABELS, VAT_CODES } from '@vetrina/shared/vat';
import { FISCAL_REGIME_LABELS, FISCAL_REGIMES, invoiceSettingsInputSchema, type InvoiceSettings } from '@vetrina/shared/invoices';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useSaveInvoiceSettings } from '../../invoicing-api';
import { useSettingsForm } from '../../use-settings-form';
import { INVOICE_SETTINGS_FIELDS, invoiceSettingsValues } from '../../invoice-settings-form';
import { InvoicingNotReady } from './invoicing-not-ready';
import { SelectField } from './select-field';

const VAT_OPTIONS = VAT_CODES.map((value) => ({ value, label: VAT_CODE_LABELS[value] }));
const REGIME_OPTIONS = FISCAL_REGIMES.map((value) => ({ value, label: `${FISCAL_REGIME_LABELS[value]} (${value})` }));

/** Impostazioni → Fatturazione: the store's rate and regime and automatic issuing; the seat comes from 'Dati aziendali'. */
export function InvoiceSettingsForm({ storeId, settings }: { storeId: string; settings: InvoiceSettings }) {
  const save = useSaveInvoiceSettings(storeId);
  const autoId = useId();
  const { form, onSubmit } = useSettingsForm({
    schema: invoiceSettingsInputSchema,
    valuesOf: invoiceSettingsValues,
    initial: settings,
    save,
    fields: INVOICE_SETTINGS_FIELDS,
    savedText: 'Modifiche salvate',
    errorText: 'Impossibile salvare le impostazioni di fatturazione',
  });
  const { errors } = form.formState;

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
