import { useEffect, useRef, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { formatNumber } from '@vetrina/shared/italian-format';
import { RETURN_LIMITS } from '@vetrina/shared/returns';
import { formatDate } from '@/lib/format';
import { CheckoutInputField, CheckoutTextareaField } from '../checkout/checkout-field';
import { StoreButton } from '../components/ui';
import { Panel } from '../order/panel';
import type { WithdrawalForm } from './use-withdrawal';
import { WithdrawalLines } from './withdrawal-lines';

const submit = (run: () => void) => (e: FormEvent) => {
  e.preventDefault();
  run();
};

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** From the footer: the order named by its number and the e-mail it was placed with. */
export function FindStep({ form }: { form: WithdrawalForm }) {
  const { draft, errors, busy, update } = form;
  return (
    <form noValidate onSubmit={submit(form.find)} className="space-y-5">
      <Panel title="Il tuo ordine" id="trova">
        <p className="text-sm opacity-80">Trovi il numero dell’ordine nell’e-mail di conferma che hai ricevuto dopo l’acquisto.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckoutInputField
            label="Numero ordine"
            inputMode="numeric"
            autoComplete="off"
            value={draft.orderNumber}
            error={errors.orderNumber}
            onChange={(e) => update({ orderNumber: e.target.value })}
          />
          <CheckoutInputField
            label="E-mail usata per l’ordine"
            type="email"
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => update({ email: e.target.value })}
          />
        </div>
        <FormError message={form.formError} />
        <StoreButton type="submit" disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
          <Search aria-hidden />
          {busy ? 'Ricerca in corso...' : 'Trova l’ordine'}
        </StoreButton>
      </Panel>
    </form>
  );
}

/** Step one: who withdraws, what, why (optional), and where the money goes back. */
export function ChooseStep({ form }: { form: WithdrawalForm }) {
  const { order, draft, errors, update } = form;
  const root = useRef<HTMLFormElement>(null);
  // After 'Continua' (or the server) found something wrong: the first such field gets the focus.
  useEffect(() => {
    if (!form.failures) return;
    root.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input:not(:disabled)')?.focus();
  }, [form.failures]);
  if (!order) return null;
  return (
    <form ref={root} noValidate onSubmit={submit(form.next)} className="space-y-5">
      <Panel title={`Ordine #${order.orderNumber}`} id="ordine">
        <p className="text-sm opacity-80">
          Effettuato il <time dateTime={order.placedAt}>{formatDate(order.placedAt)}</time>.{' '}
          {order.lastDay ? `Puoi recedere fino al ${order.lastDay}.` : 'Puoi recedere fino a 14 giorni dopo la consegna.'}
        </p>
        {!form.token && (
          <StoreButton tone="ghost" onClick={form.restart} className="-ml-3">
            Cambia ordine
          </StoreButton>
        )}
        <WithdrawalLines order={order} chosen={draft.chosen} error={errors.lines} onChange={(chosen) => update({ chosen })} />
      </Panel>
      <Panel title="I tuoi dati" id="dati">
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckoutInputField
            label="Nome e cognome"
            autoComplete="name"
            value={draft.name}
            error={errors.name}
            onChange={(e) => update({ name: e.target.value })}
          />
          <CheckoutInputField
            label="E-mail"
            type="email"
            autoComplete="email"
            hint="Ti inviamo qui la conferma del recesso."
            value={draft.email}
            error={errors.email}
            onChange={(e) => update({ email: e.target.value })}
          />
        </div>
        <CheckoutTextareaField
          label="Motivo (facoltativo)"
          hint={`Non è obbligatorio indicarlo. Al massimo ${formatNumber(RETURN_LIMITS.reasonMax, 0, 0)} caratteri.`}
          value={draft.reason}
          error={errors.reason}
          onChange={(e) => update({ reason: e.target.value })}
        />
        {order.needsIban && (
          <CheckoutInputField
            label="IBAN per il rimborso (facoltativo)"
            autoComplete="off"
            spellCheck={false}
            hint="Hai pagato senza carta: il negozio ti rimborserà con un bonifico su questo conto. Puoi indicarlo anche in seguito."
            value={draft.iban}
            error={errors.iban}
            onChange={(e) => update({ iban: e.target.value.toUpperCase() })}
          />
        )}
      </Panel>
      <FormError message={form.formError} />
      <StoreButton type="submit" className="min-h-12 w-full text-base sm:w-auto">
        Continua
      </StoreButton>
    </form>
  );
}
