import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { TicketPercent, X } from 'lucide-react';
import type { AppliedDiscount } from '@vetrina/shared/discounts';
import { ApiError } from '@/lib/api-error';
import { publicApi } from '../data/public-api';
import { StoreButton } from '../components/ui';
import { useStorefront } from '../store-context';

interface Props {
  slug: string;
  /** The goods' total the code is checked against (its minimum order). */
  subtotalCents: number;
  /** The e-mail typed so far: a code limited per e-mail is checked against it. */
  email: string;
  applied: AppliedDiscount | null;
  onApplied: (discount: AppliedDiscount | null) => void;
}

const FALLBACK = 'Impossibile verificare il codice. Riprova.';
const messageOf = (err: unknown) => (err instanceof ApiError && err.message ? err.message : FALLBACK);

/**
 * 'Codice sconto': the server checks the code against the cart and the total shows the discount as
 * its own line. The order checks it again and counts its use; when the cart changes the code is
 * checked again (a minimum order may no longer be met).
 */
export function DiscountCodeField({ slug, subtotalCents, email, applied, onApplied }: Props) {
  const { theme } = useStorefront();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ subtotalCents, email });
  latest.current = { subtotalCents, email };

  const check = (code: string) =>
    publicApi(`/api/public/stores/${encodeURIComponent(slug)}/discounts/check`, {
      schema: (s) => s.discountCheckResultSchema,
      method: 'POST',
      body: { code, subtotalCents: latest.current.subtotalCents, email: /\S+@\S+\.\S+/.test(latest.current.email) ? latest.current.email.trim() : '' },
    });

  async function apply() {
    if (busy) return;
    if (!text.trim()) return setError('Inserisci un codice');
    setBusy(true);
    try {
      const result = await check(text);
      setError(null);
      setText('');
      onApplied(result.discount);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  // The cart changed under an applied code: check it again, and drop it with the reason if it no longer applies.
  const appliedCode = applied?.code;
  useEffect(() => {
    if (!appliedCode) return;
    let live = true;
    check(appliedCode).catch((err: unknown) => {
      if (!live || !(err instanceof ApiError) || err.status >= 500 || err.status === 429) return;
      setError(messageOf(err));
      onApplied(null);
    });
    return () => {
      live = false;
    };
    // Only the cart's total (and the code itself) call for a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedCode, subtotalCents]);

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <span className="flex items-center gap-2">
          <TicketPercent aria-hidden className="size-4" />
          Codice <strong className="font-mono">{applied.code}</strong> applicato
        </span>
        <button
          type="button"
          onClick={() => onApplied(null)}
          className="inline-flex min-h-9 items-center gap-1 rounded px-2 font-medium underline-offset-4 hover:underline"
        >
          <X aria-hidden className="size-4" />
          Rimuovi
        </button>
      </div>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Codice sconto
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter applies the code instead of submitting the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-errore` : undefined}
          className={clsx(
            // w-0: the field takes the row's room, never its natural width of 20 monospace characters.
            'h-11 w-0 min-w-0 flex-1 px-3 font-mono text-base uppercase text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink) sm:text-sm',
            theme.control,
            error && 'border-red-600 ring-1 ring-red-600',
          )}
        />
        <StoreButton tone="outline" onClick={() => void apply()} disabled={busy} aria-busy={busy}>
          Applica
        </StoreButton>
      </div>
      {error && (
        <p id={`${id}-errore`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
