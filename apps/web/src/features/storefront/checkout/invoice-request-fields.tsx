import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { invoiceRequestMsg } from '@vetrina/shared/invoice-request';
import type { CheckoutFormValues } from './checkout-form-schema';
import { CheckoutInputField } from './checkout-field';

interface Props {
  form: UseFormReturn<CheckoutFormValues, unknown, unknown>;
  /** False when the chosen country is not Italy: the box gives way to the reason. */
  allowed: boolean;
}

const KINDS = [
  { value: 'private', label: 'Privato' },
  { value: 'business', label: 'Azienda o professionista' },
] as const;

// Codes are read in capitals; the shared schema normalises what is sent, so CSS is enough here.
const code = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, className: 'uppercase' } as const;

/** 'Richiedi fattura' and, once ticked, who the invoice is for and that kind's fields. */
export function InvoiceRequestFields({ form, allowed }: Props) {
  const id = useId();
  const { register, watch, formState } = form;
  const e = formState.errors.invoice;
  const requested = watch('invoice.requested');
  const kind = watch('invoice.kind');
  const differentAddress = watch('invoice.differentAddress');
  if (!allowed) return <p className="text-sm opacity-70">{invoiceRequestMsg.italyOnly}</p>;

  const boxError = e?.requested?.message;
  const kindError = e?.kind?.message;
  return (
    <div className="grid gap-4" data-testid="richiesta-fattura">
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3 text-sm">
          <input
            id={`${id}-richiesta`}
            type="checkbox"
            aria-invalid={boxError ? true : undefined}
            aria-describedby={boxError ? `${id}-richiesta-errore` : `${id}-richiesta-nota`}
            className="mt-0.5 size-5 shrink-0 accent-(--sf-primary)"
            {...register('invoice.requested')}
          />
          <label htmlFor={`${id}-richiesta`} className="font-medium">
            Richiedi fattura
          </label>
        </div>
        {boxError ? (
          <p id={`${id}-richiesta-errore`} className="text-sm font-medium text-red-700">
            {boxError}
          </p>
        ) : (
          <p id={`${id}-richiesta-nota`} className="text-xs opacity-70">
            La fattura elettronica è intestata all’indirizzo di spedizione, salvo indicarne uno di fatturazione.
          </p>
        )}
      </div>
      {requested && (
        <>
          <fieldset
            role="radiogroup"
            aria-invalid={kindError ? true : undefined}
            aria-describedby={kindError ? `${id}-tipo-errore` : undefined}
            className="grid min-w-0 grid-cols-1 gap-2 border-0 p-0"
          >
            <legend className="mb-2 text-sm font-medium">Intestata a</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {KINDS.map((k) => (
                <label key={k.value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" value={k.value} className="size-4 accent-(--sf-primary)" {...register('invoice.kind')} />
                  {k.label}
                </label>
              ))}
            </div>
            {kindError && (
              <p id={`${id}-tipo-errore`} className="text-sm font-medium text-red-700">
                {kindError}
              </p>
            )}
          </fieldset>
          {kind === 'private' && (
            <CheckoutInputField label="Codice fiscale" required maxLength={30} error={e?.taxCode?.message} {...code} {...register('invoice.taxCode')} />
          )}
          {kind === 'business' && (
            <>
              <CheckoutInputField
                label="Ragione sociale"
                autoComplete="organization"
                required
                error={e?.companyName?.message}
                {...register('invoice.companyName')}
              />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <CheckoutInputField
                  label="Partita IVA"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  error={e?.vatNumber?.message}
                  {...register('invoice.vatNumber')}
                />
                <CheckoutInputField
                  label="Codice fiscale (se diverso dalla Partita IVA)"
                  maxLength={30}
                  error={e?.taxCode?.message}
                  {...code}
                  {...register('invoice.taxCode')}
                />
              </div>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <CheckoutInputField label="Codice destinatario (SDI)" maxLength={7} error={e?.sdiCode?.message} {...code} {...register('invoice.sdiCode')} />
                <CheckoutInputField
                  label="PEC"
                  type="email"
                  autoComplete="off"
                  hint="Indica il codice destinatario o la PEC"
                  error={e?.pec?.message}
                  {...register('invoice.pec')}
                />
              </div>
            </>
          )}
          {(kind === 'private' || kind === 'business') && <BillingAddressFields form={form} open={differentAddress} />}
        </>
      )}
    </div>
  );
}

/** 'Indirizzo di fatturazione diverso da quello di spedizione' and, once ticked, that address. */
function BillingAddressFields({ form, open }: { form: Props['form']; open: boolean }) {
  const id = useId();
  const { register, formState } = form;
  const e = formState.errors.invoice?.address;
  return (
    <>
      <div className="flex items-start gap-3 text-sm">
        <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-(--sf-primary)" {...register('invoice.differentAddress')} />
        <label htmlFor={id}>Indirizzo di fatturazione diverso da quello di spedizione</label>
      </div>
      {open && (
        <>
          <CheckoutInputField
            label="Indirizzo di fatturazione"
            autoComplete="billing street-address"
            required
            maxLength={60}
            error={e?.street?.message}
            {...register('invoice.address.street')}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <CheckoutInputField
              label="CAP di fatturazione"
              inputMode="numeric"
              autoComplete="billing postal-code"
              required
              maxLength={5}
              error={e?.postalCode?.message}
              {...register('invoice.address.postalCode')}
            />
            <CheckoutInputField
              label="Comune"
              autoComplete="billing address-level2"
              required
              maxLength={60}
              error={e?.city?.message}
              {...register('invoice.address.city')}
            />
            <CheckoutInputField
              label="Provincia di fatturazione"
              maxLength={2}
              error={e?.province?.message}
              {...code}
              {...register('invoice.address.province')}
            />
          </div>
        </>
      )}
    </>
  );
}
