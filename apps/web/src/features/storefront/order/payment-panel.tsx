import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Ban, CircleCheck, Clock, CreditCard, LoaderCircle, RotateCcw } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, type PaymentInstructions, type PublicOrder } from '@vetrina/shared/payments';
import { euroInputFromCents, formatCents, formatLongDate } from '@/lib/format';
import { useButtonClasses } from '../components/ui';
import { CopyValue } from './copy-value';
import { Panel } from './panel';
import { compactIban, groupIban, paymentView, type CardConfirmation } from './payment-details';

/** A state of the payment with its icon: paid, refunded, expired, waiting for Stripe. */
function Status({ icon, title, tone, children }: { icon: ReactNode; title: string; tone: string; children?: ReactNode }) {
  return (
    <div role="status" className={clsx('flex gap-3 rounded-lg p-4', tone)}>
      <span className="mt-0.5 shrink-0 [&_svg]:size-6">{icon}</span>
      <div className="space-y-1">
        <p className="text-base font-semibold">{title}</p>
        {children && <div className="text-sm">{children}</div>}
      </div>
    </div>
  );
}

function PayByCard({ url }: { url: string | null }) {
  const button = useButtonClasses();
  if (!url) return <p className="text-sm">Il link per il pagamento non è più valido: contatta il negozio per completare l’ordine.</p>;
  return (
    <a href={url} className={button('primary', 'min-h-12 w-full text-base sm:w-auto')}>
      <CreditCard aria-hidden />
      Paga con carta
    </a>
  );
}

/** How to pay, per method: the transfer details to copy, cash to the courier, the shop's address, Stripe's page. */
function Instructions({ payment, order }: { payment: PaymentInstructions; order: PublicOrder }) {
  const total = formatCents(order.totalCents);
  switch (payment.method) {
    case 'bank_transfer':
      return (
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold">
            <Clock aria-hidden className="size-5 shrink-0" />
            Paga entro il {formatLongDate(payment.dueAt)}
          </p>
          <p className="text-sm opacity-80">Spediremo l’ordine quando riceveremo il bonifico; se non arriva entro questa data, l’ordine sarà annullato.</p>
          <dl className="divide-y divide-black/10 border-y border-black/10">
            <CopyValue label="Importo" display={total} value={euroInputFromCents(order.totalCents)} />
            <CopyValue label="IBAN" display={groupIban(payment.iban)} value={compactIban(payment.iban)} mono />
            <CopyValue label="Intestatario" display={payment.holder} />
            {payment.bank && <CopyValue label="Banca" display={payment.bank} />}
            <CopyValue label="Causale" display={payment.causale} />
          </dl>
        </div>
      );
    case 'cod':
      return <p>Pagherai {total} in contanti al corriere alla consegna.</p>;
    case 'pickup':
      return (
        <dl className="space-y-3">
          <div>
            <dt className="text-xs uppercase tracking-wide opacity-70">Indirizzo del negozio</dt>
            <dd className="whitespace-pre-line font-medium">{payment.address}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide opacity-70">Orari di apertura</dt>
            <dd className="whitespace-pre-line font-medium">{payment.hours}</dd>
          </div>
        </dl>
      );
    case 'card':
      return (
        <div className="space-y-3">
          <p>Il pagamento con carta non è ancora stato completato.</p>
          <PayByCard url={payment.checkoutUrl} />
        </div>
      );
  }
}

/** 'Pagamento': the method, and either the state of the payment or what the shopper has to do. */
export function PaymentPanel({ order, confirmation }: { order: PublicOrder; confirmation: CardConfirmation }) {
  const view = paymentView(order, confirmation);
  const card = order.payment.method === 'card' ? order.payment : null;
  return (
    <Panel title="Pagamento" id="pagamento">
      <p className="text-sm">
        <span className="opacity-70">Metodo: </span>
        <span className="font-medium">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
      </p>
      {view === 'paid' ? (
        <Status icon={<CircleCheck aria-hidden />} title="Pagamento ricevuto" tone="bg-emerald-50 text-emerald-900">
          Grazie! Abbiamo ricevuto {formatCents(order.totalCents)}.
        </Status>
      ) : view === 'partially_refunded' ? (
        <Status icon={<RotateCcw aria-hidden />} title="Rimborsato parzialmente" tone="bg-sky-50 text-sky-900">
          Il negozio ti ha rimborsato una parte dell’ordine: trovi gli importi nella cronologia.
        </Status>
      ) : view === 'refunded' ? (
        <Status icon={<RotateCcw aria-hidden />} title="Pagamento rimborsato" tone="bg-sky-50 text-sky-900">
          Il negozio ti ha rimborsato l’importo dell’ordine.
        </Status>
      ) : view === 'expired' ? (
        <Status icon={<Ban aria-hidden />} title="Pagamento scaduto" tone="bg-red-50 text-red-900">
          Il pagamento non è arrivato entro la scadenza e l’ordine è stato annullato.
        </Status>
      ) : view === 'cancelled' ? (
        <Status icon={<Ban aria-hidden />} title="Ordine annullato" tone="bg-neutral-100 text-neutral-900">
          Non devi pagare nulla.
        </Status>
      ) : view === 'confirming' ? (
        <Status icon={<LoaderCircle aria-hidden className="animate-spin" />} title="Stiamo confermando il pagamento…" tone="bg-(--sf-soft)">
          Ci vuole qualche secondo: questa pagina si aggiorna da sola.
        </Status>
      ) : view === 'not-confirmed' ? (
        <div className="space-y-3">
          <Status icon={<Clock aria-hidden />} title="Pagamento in attesa di conferma" tone="bg-amber-50 text-amber-900">
            Non abbiamo ancora ricevuto la conferma da Stripe. Se hai già pagato, ricarica la pagina tra qualche minuto.
          </Status>
          {card && <PayByCard url={card.checkoutUrl} />}
        </div>
      ) : (
        <Instructions payment={order.payment} order={order} />
      )}
    </Panel>
  );
}
