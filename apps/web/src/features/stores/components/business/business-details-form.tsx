import { businessDetailsInputSchema, type BusinessDetails, type BusinessDetailsInput } from '@vetrina/shared/business-settings';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useSaveBusinessDetails } from '../../business-api';
import { useSettingsForm } from '../../use-settings-form';

type Field = keyof BusinessDetailsInput;
const FIELDS: Field[] = ['companyName', 'vatNumber', 'taxCode', 'street', 'postalCode', 'city', 'province', 'pec', 'phone', 'email'];

const valuesOf = ({ updatedAt: _updatedAt, ...d }: BusinessDetails): BusinessDetailsInput => d;

/** Ragione sociale, P.IVA, codice fiscale, sede legale, PEC and contacts: shown in the storefront's footer. */
export function BusinessDetailsForm({ storeId, details }: { storeId: string; details: BusinessDetails }) {
  const save = useSaveBusinessDetails(storeId);
  const { form, onSubmit } = useSettingsForm({
    schema: businessDetailsInputSchema,
    valuesOf,
    initial: details,
    save,
    fields: FIELDS,
    savedText: 'Dati aziendali salvati',
    errorText: 'Impossibile salvare i dati aziendali',
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Dati aziendali">
      <fieldset disabled={save.isPending} className="grid gap-4">
        <FormField
          label="Ragione sociale"
          placeholder="Bottega Rossi S.r.l."
          maxLength={120}
          autoComplete="organization"
          error={errors.companyName?.message}
          {...form.register('companyName')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Partita IVA"
            placeholder="12345678903"
            inputMode="numeric"
            maxLength={30}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            hint="11 cifre; il prefisso IT è facoltativo."
            error={errors.vatNumber?.message}
            {...form.register('vatNumber')}
          />
          <FormField
            label="Codice fiscale"
            placeholder="RSSMRA85T10A562S"
            maxLength={30}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            hint="Della persona (16 caratteri) o della società (11 cifre). Facoltativo."
            error={errors.taxCode?.message}
            {...form.register('taxCode')}
          />
        </div>
        <FormField
          label="Sede legale: indirizzo"
          placeholder="Via Roma 1"
          maxLength={60}
          autoComplete="street-address"
          hint="Via e numero civico, come in visura camerale: compare nel piede del negozio, nelle pagine legali e nelle fatture."
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
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label="PEC"
            type="email"
            placeholder="bottega@pec.it"
            maxLength={254}
            autoComplete="off"
            error={errors.pec?.message}
            {...form.register('pec')}
          />
          <FormField
            label="Telefono"
            type="tel"
            placeholder="+39 02 1234567"
            maxLength={30}
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <FormField
            label="Email di contatto"
            type="email"
            placeholder="info@bottega.it"
            maxLength={254}
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvataggio...' : 'Salva dati aziendali'}
        </Button>
      </div>
    </form>
  );
}
