import clsx from 'clsx';
import { Banknote, CreditCard, Landmark, Store, type LucideIcon } from 'lucide-react';
import type { PaymentMethod } from '@vetrina/shared/payments';
import { formatCents } from '@/lib/format';
import { StoreButton } from '../components/ui';
import { useStorefront } from '../store-context';
import { CheckoutGroup } from './checkout-form-fields';
import { paymentCostText, type PaymentChoice } from './payment-choice';

const ICONS: Record<PaymentMethod, LucideIcon> = { bank_transfer: Landmark, cod: Banknote, pickup: Store, card: CreditCard };

interface Props {
  status: 'loading' | 'error' | 'ready';
  choices: PaymentChoice[];
  chosen: PaymentMethod | null;
  onPick: (method: PaymentMethod) => void;
  onRetry: () => void;
}

/** 'Metodo di pagamento': one card per method the store offers, as a native radio group (arrow keys, one tab stop). */
export function PaymentMethodPicker({ status, choices, chosen, onPick, onRetry }: Props) {
  const { theme } = useStorefront();
  return (
    <CheckoutGroup title="Metodo di pagamento">
      {status === 'loading' ? (
        <div role="status" aria-label="Caricamento dei metodi di pagamento…" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden className={clsx('h-20 animate-pulse bg-black/5', theme.control, 'border-transparent')} />
          ))}
        </div>
      ) : status === 'error' ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>Impossibile caricare i metodi di pagamento.</p>
          <StoreButton tone="outline" onClick={onRetry}>
            Riprova
          </StoreButton>
        </div>
      ) : choices.length === 0 ? (
        <p className="text-sm">Al momento il negozio non accetta ordini online: riprova più tardi.</p>
      ) : (
        <div className="grid gap-3">
          {choices.map((choice) => (
            <MethodCard key={choice.option.method} choice={choice} checked={choice.option.method === chosen} onPick={onPick} />
          ))}
        </div>
      )}
    </CheckoutGroup>
  );
}

function MethodCard({ choice, checked, onPick }: { choice: PaymentChoice; checked: boolean; onPick: (method: PaymentMethod) => void }) {
  const { theme } = useStorefront();
  const { option, disabledReason } = choice;
  const Icon = ICONS[option.method];
  const cost = paymentCostText(option, formatCents);
  const id = `pagamento-${option.method}`;
  return (
    <label
      htmlFor={id}
      className={clsx(
        'flex items-start gap-3 p-4 text-neutral-900 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-(--color-ring)',
        theme.control,
        checked && 'ring-2 ring-(--sf-primary)',
        disabledReason ? 'cursor-not-allowed bg-black/5!' : 'cursor-pointer hover:bg-(--sf-soft)',
      )}
      data-testid="metodo-pagamento"
    >
      <input
        id={id}
        type="radio"
        name="paymentMethod"
        value={option.method}
        checked={checked}
        disabled={disabledReason !== null}
        onChange={() => onPick(option.method)}
        aria-describedby={`${id}-dettagli`}
        className="mt-1 size-4 shrink-0 accent-(--sf-primary) focus-visible:outline-none"
      />
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 opacity-70" />
      <span className="min-w-0 flex-1">
        <span className={clsx('flex flex-wrap items-baseline justify-between gap-x-3', disabledReason && 'opacity-60')}>
          <span className="font-semibold">{option.label}</span>
          {cost && <span className="text-sm tabular-nums">{cost}</span>}
        </span>
        <span id={`${id}-dettagli`} className="block text-sm">
          {option.description && <span className={clsx('block', disabledReason ? 'opacity-60' : 'opacity-75')}>{option.description}</span>}
          {disabledReason && <span className="mt-1 block font-medium text-red-800">{disabledReason}</span>}
        </span>
      </span>
    </label>
  );
}
