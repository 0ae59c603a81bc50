import { CircleCheck, Undo2 } from 'lucide-react';
import { RETURN_SHIPPING_LABELS, type WithdrawableOrder } from '@vetrina/shared/returns';
import { formatDateTime } from '@/lib/format';
import { StoreButton, StoreLink } from '../components/ui';
import { Panel } from '../order/panel';
import type { WithdrawalForm } from './use-withdrawal';
import { chosenLines } from './withdrawal-state';
import { FormError } from './withdrawal-steps';

const pieces = (n: number) => `${n} ${n === 1 ? 'pezzo' : 'pezzi'}`;

/** Where and how the goods go back, as the store's 'Resi' settings say. */
function ReturnInstructions({ order }: { order: WithdrawableOrder }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="font-medium">Indirizzo per il reso: </span>
        {order.returnAddress || 'il negozio ti scriverà l’indirizzo a cui spedire i prodotti.'}
      </p>
      <p>{RETURN_SHIPPING_LABELS[order.returnShippingPaidBy]}.</p>
      {order.instructions && <p className="whitespace-pre-line">{order.instructions}</p>}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm opacity-70">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** Step two: everything step one gathered, and 'Conferma il recesso'. */
export function ReviewStep({ form }: { form: WithdrawalForm }) {
  const { order, draft, busy } = form;
  if (!order) return null;
  const lines = chosenLines(order, draft);
  return (
    <div className="space-y-5">
      <Panel title="Riepilogo del recesso" id="riepilogo">
        <dl className="divide-y divide-black/10">
          <Row label="Ordine">#{order.orderNumber}</Row>
          <Row label="Nome">{draft.name.trim()}</Row>
          <Row label="E-mail">{draft.email.trim()}</Row>
          <Row label="Prodotti">
            <ul role="list" className="space-y-1">
              {lines.map(({ line, quantity }) => (
                <li key={line.orderItemId}>
                  {line.title}
                  {line.variantLabel && ` (${line.variantLabel})`} — {pieces(quantity)}
                </li>
              ))}
            </ul>
          </Row>
          {draft.reason.trim() && <Row label="Motivo">{draft.reason.trim()}</Row>}
          {order.needsIban && draft.iban.trim() && <Row label="IBAN per il rimborso">{draft.iban.trim()}</Row>}
        </dl>
      </Panel>
      <Panel title="Come restituire i prodotti" id="istruzioni">
        <ReturnInstructions order={order} />
      </Panel>
      <FormError message={form.formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <StoreButton tone="outline" onClick={form.back} disabled={busy}>
          Modifica
        </StoreButton>
        <StoreButton onClick={() => void form.confirm()} disabled={busy} aria-busy={busy} className="min-h-12 text-base">
          <Undo2 aria-hidden />
          {busy ? 'Invio in corso...' : 'Conferma il recesso'}
        </StoreButton>
      </div>
      <p className="text-xs opacity-70">Premendo «Conferma il recesso» eserciti il diritto di recesso per i prodotti indicati.</p>
    </div>
  );
}

/** The acknowledgment, at once: the same the mail carries, with the date and time. */
export function DoneStep({ form, home }: { form: WithdrawalForm; home: string }) {
  const { order, receipt, draft } = form;
  if (!order || !receipt) return null;
  return (
    <div className="space-y-5">
      <Panel title="Abbiamo ricevuto il tuo recesso" id="ricevuto">
        <p role="status" className="flex gap-3 text-sm">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <span>
            Recesso n. {receipt.returnNumber} dall’ordine #{order.orderNumber}, registrato il{' '}
            <time dateTime={receipt.receivedAt} className="font-medium">
              {formatDateTime(receipt.receivedAt)}
            </time>
            . Ti abbiamo inviato la conferma a <span className="font-medium break-all">{draft.email.trim()}</span>.
          </span>
        </p>
      </Panel>
      <Panel title="Come restituire i prodotti" id="istruzioni">
        <ReturnInstructions order={order} />
      </Panel>
      <StoreLink to={home} tone="outline">
        Torna al negozio
      </StoreLink>
    </div>
  );
}
