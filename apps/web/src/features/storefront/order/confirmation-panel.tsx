import { useEffect, useState } from 'react';
import { Ban, CircleCheck, LoaderCircle } from 'lucide-react';
import { ORDER_CONFIRMATION, confirmationMsg, isAwaitingConfirmation } from '@vetrina/shared/order-confirmation';
import type { PublicOrder } from '@vetrina/shared/payments';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { publicApi } from '../data/public-api';
import { StoreButton } from '../components/ui';
import { Panel } from './panel';

const FALLBACK = 'Impossibile confermare l’ordine. Riprova tra poco.';

/** The mail's secret, from the link's fragment ('#conferma=…'): never sent with the page's request, so never in a log. */
function codeInLink(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.slice(1)).get('conferma');
}

/**
 * 'Conferma ordine' for cash on delivery and pickup: the mail's link opens this page and only the
 * button confirms (a POST), so a mail scanner that opens the link confirms nothing. The button
 * needs the mail's own secret: the page reached from the checkout only says where to find the mail.
 */
export function ConfirmationPanel({ order, slug, token, onConfirmed }: { order: PublicOrder; slug: string; token: string; onConfirmed: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justConfirmed, setJustConfirmed] = useState(false);
  // Read after hydration: the server renders the page without the fragment.
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(codeInLink()), []);
  const c = order.confirmation;
  if (!c) return null;

  if (c.state === 'expired') {
    return (
      <Panel title="Ordine annullato" id="conferma">
        <p role="status" className="flex gap-3 text-sm">
          <Ban aria-hidden className="mt-0.5 size-5 shrink-0" />
          {confirmationMsg.tooLate}
        </p>
      </Panel>
    );
  }
  if (!isAwaitingConfirmation(order)) {
    return justConfirmed ? (
      <Panel title="Ordine confermato" id="conferma">
        <p role="status" className="flex gap-3 text-sm">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          Grazie! Il negozio prepara il tuo ordine.
        </p>
      </Panel>
    ) : null;
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await publicApi(`/api/public/stores/${encodeURIComponent(slug)}/orders/${encodeURIComponent(token)}/confirmation`, {
        schema: (s) => s.publicOrderResponseSchema,
        method: 'POST',
        body: { code },
      });
      // The secret has done its job: it does not stay in the address bar or the history.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      setJustConfirmed(true);
      onConfirmed();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Conferma il tuo ordine" id="conferma" className="ring-2 ring-amber-400">
      <p className="text-sm">
        Il tuo ordine è <strong>da confermare</strong>
        {c.dueAt && (
          <>
            {' '}
            entro il <time dateTime={c.dueAt}>{formatDateTime(c.dueAt)}</time>
          </>
        )}
        : senza conferma viene annullato dopo {ORDER_CONFIRMATION.holdHours} ore e gli articoli tornano disponibili.
      </p>
      {code ? (
        <StoreButton onClick={() => void confirm()} disabled={busy} className="min-h-12 w-full text-base sm:w-auto">
          {busy && <LoaderCircle aria-hidden className="animate-spin" />}
          Conferma ordine
        </StoreButton>
      ) : (
        <p className="text-sm">
          Ti abbiamo inviato una mail a <span className="break-all font-medium">{order.customerEmail}</span>: aprila e premi «Conferma ordine».
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </Panel>
  );
}
