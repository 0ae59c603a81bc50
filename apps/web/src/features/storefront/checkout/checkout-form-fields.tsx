import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import clsx from 'clsx';
import { DOMESTIC_COUNTRY } from '@vetrina/shared/shipping';
import { ITALIAN_PROVINCES } from '@vetrina/shared/provinces';
import { useStorefront } from '../store-context';
import { CheckoutInputField, CheckoutSelectField, CheckoutTextareaField } from './checkout-field';
import type { CheckoutFormValues } from './checkout-form-schema';
import { invoiceAllowed } from './invoice-form';
import { InvoiceRequestFields } from './invoice-request-fields';

/** A titled fieldset of the checkout (its legend names the group for screen readers). */
export function CheckoutGroup({ title, children }: { title: string; children: ReactNode }) {
  const { theme } = useStorefront();
  return (
    <fieldset className={'grid min-w-0 grid-cols-1 gap-4 border-0 p-0'}>
      <legend
        className={clsx(
          'mb-4 text-lg font-semibold',
          theme.key === 'classico' && 'font-serif text-xl',
          theme.key === 'audace' && 'font-black uppercase',
          theme.key === 'minimal' && 'text-xs font-normal uppercase tracking-[0.3em]',
        )}
      >
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

interface Props {
  form: UseFormReturn<CheckoutFormValues, unknown, unknown>;
  /** The countries the store ships to (Italy first) and the one chosen. */
  countries: string[];
  country: string;
  onCountry: (country: string) => void;
  /** The method picker, before the notes. */
  payment?: ReactNode;
}

/** The checkout fields of spec §5 and 'Richiedi fattura', validated by the shared schemas, with the store's destinations. */
export function CheckoutFormFields({ form, countries, country, onCountry, payment }: Props) {
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      <CheckoutGroup title="Dati di contatto">
        <CheckoutInputField label="Nome e cognome" autoComplete="name" required error={e.customerName?.message} {...register('customerName')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CheckoutInputField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={e.customerEmail?.message}
            hint="Ti invieremo la conferma dell'ordine."
            {...register('customerEmail')}
          />
          <CheckoutInputField label="Telefono (facoltativo)" type="tel" autoComplete="tel" error={e.customerPhone?.message} {...register('customerPhone')} />
        </div>
      </CheckoutGroup>
      <CheckoutGroup title="Indirizzo di spedizione">
        <CheckoutInputField
          label="Indirizzo"
          autoComplete="street-address"
          required
          placeholder="Via Roma 1"
          error={e.street?.message}
          {...register('street')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <CheckoutInputField label="Città" autoComplete="address-level2" required error={e.city?.message} {...register('city')} />
          <CheckoutInputField label="CAP" autoComplete="postal-code" inputMode="numeric" required error={e.postalCode?.message} {...register('postalCode')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* Couriers and the invoice XML want the sigla: asked for Italy only. */}
          {country === DOMESTIC_COUNTRY && (
            <CheckoutSelectField label="Provincia" autoComplete="address-level1" required error={e.province?.message} {...register('province')}>
              <option value="">Seleziona…</option>
              {ITALIAN_PROVINCES.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name} ({p.code})
                </option>
              ))}
            </CheckoutSelectField>
          )}
          {countries.length > 1 ? (
            <CheckoutSelectField label="Paese" autoComplete="country-name" value={country} onChange={(e) => onCountry(e.target.value)}>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </CheckoutSelectField>
          ) : (
            <CheckoutInputField label="Paese" value={country} readOnly hint="Spediamo solo in Italia." className="bg-black/5!" />
          )}
        </div>
      </CheckoutGroup>
      <CheckoutGroup title="Fattura">
        <InvoiceRequestFields form={form} allowed={invoiceAllowed(country)} />
      </CheckoutGroup>
      {payment}
      <CheckoutGroup title="Note sull'ordine">
        <CheckoutTextareaField
          label="Note (facoltative)"
          maxLength={500}
          placeholder="Indicazioni per la consegna, citofono…"
          error={e.notes?.message}
          {...register('notes')}
        />
      </CheckoutGroup>
    </div>
  );
}
