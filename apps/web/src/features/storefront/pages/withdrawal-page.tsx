import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CONTAINER } from '../components/container';
import { useStorefront } from '../store-context';
import { useWithdrawal } from '../withdrawal/use-withdrawal';
import { DoneStep, ReviewStep } from '../withdrawal/withdrawal-review';
import { ChooseStep, FindStep } from '../withdrawal/withdrawal-steps';

const STEPS = ['Scegli i prodotti', 'Conferma'] as const;

/** 'Passo 1 di 2': where the shopper is in the two steps. */
function StepMarker({ current }: { current: 0 | 1 }) {
  return (
    <ol className="flex gap-2 text-sm" aria-label="Passaggi">
      {STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={i === current ? 'step' : undefined}
          className={clsx('flex items-center gap-2', i === current ? 'font-semibold' : 'opacity-60')}
        >
          <span
            aria-hidden
            className={clsx(
              'inline-flex size-6 items-center justify-center rounded-full text-xs',
              i === current ? 'bg-(--sf-primary) text-(--sf-on-primary)' : 'bg-black/10',
            )}
          >
            {i + 1}
          </span>
          {label}
          {i === 0 && (
            <span aria-hidden className="px-1 opacity-40">
              ›
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * /store/:storeSlug/recesso — 'Recedi dal contratto' (art. 54-bis Codice del Consumo), without an
 * account: from the footer (number and e-mail) or from the order page and its mails (`?ordine=`).
 */
export default function WithdrawalPage() {
  const { store, theme, home } = useStorefront();
  const [search] = useSearchParams();
  const form = useWithdrawal(store.slug, search.get('ordine'));
  const { step } = form;
  // Each step starts at the top of the page (on a phone 'Continua' is far below).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [step]);
  return (
    <div className={clsx(CONTAINER, 'py-8 sm:py-12')}>
      <div className="max-w-3xl">
        <title>{`Recedi dal contratto · ${store.name}`}</title>
        <Breadcrumbs items={[{ label: 'Home', to: home }, { label: 'Recedi dal contratto' }]} />
        <header className="mb-6 mt-4 space-y-3">
          <h1 className={theme.h1}>Recedi dal contratto</h1>
          {step !== 'done' && (
            <p className="text-sm opacity-80">
              Puoi recedere dall’acquisto entro 14 giorni dalla consegna, senza indicare il motivo. Scegli i prodotti da restituire e conferma: riceverai subito
              un’e-mail con la data e l’ora del recesso.
            </p>
          )}
          {(step === 'choose' || step === 'review') && <StepMarker current={step === 'choose' ? 0 : 1} />}
        </header>
        {step === 'loading' ? (
          <div role="status" aria-label="Caricamento dell’ordine…" className={clsx('h-72 animate-pulse bg-black/5', theme.panel, 'shadow-none ring-0')} />
        ) : step === 'find' ? (
          <FindStep form={form} />
        ) : step === 'choose' ? (
          <ChooseStep form={form} />
        ) : step === 'review' ? (
          <ReviewStep form={form} />
        ) : (
          <DoneStep form={form} home={home} />
        )}
      </div>
    </div>
  );
}
