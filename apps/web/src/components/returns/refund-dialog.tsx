import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ReturnLineChoice } from '@vetrina/shared/returns';
import type { Refund, RefundableOrderView } from '@vetrina/shared/returns-admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadErrorState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { Banknote } from 'lucide-react';
import { orderRef as orderNumber, returnKeys, returnNumber, useCreateRefund, useOrderRefunds } from '@/lib/returns';
import { ibanError, initialRefundState, leftToRefund, refundableLines, refundDraft, toRefundInput, type RefundFormState } from '@/lib/refund-form';
import { RefundFields } from './refund-fields';

interface Props {
  storeId: string;
  orderId: string;
  number: number;
  /** From a return: its id and lines, which the form starts from. */
  fromReturn?: { id: string; number: number; lines: ReturnLineChoice[] };
  onClose: () => void;
}

/** 'Rimborsa': lines, shipping and an adjustment; the amount is quoted live with the server's own function. */
export function RefundDialog(props: Props) {
  const refunds = useOrderRefunds(props.storeId, props.orderId);
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-xl grid-cols-1">
        <DialogHeader>
          <DialogTitle>
            {props.fromReturn ? `Rimborsa il reso ${returnNumber(props.fromReturn.number)}` : `Rimborsa l’ordine ${orderNumber(props.number)}`}
          </DialogTitle>
          <DialogDescription>
            {refunds.data?.refundable.method === 'manual'
              ? 'Rimborso con bonifico: lo esegui tu dal tuo conto, qui lo registri. Il cliente riceve un’e-mail.'
              : 'Il rimborso parte con Stripe sulla carta usata dal cliente. Il cliente riceve un’e-mail.'}
          </DialogDescription>
        </DialogHeader>
        {refunds.isPending ? (
          <div className="grid gap-3" aria-busy>
            <Skeleton className="h-24" />
            <Skeleton className="h-10" />
          </div>
        ) : refunds.isError ? (
          <LoadErrorState icon={Banknote} title="Impossibile calcolare il rimborso" error={refunds.error} onRetry={refunds.refetch} />
        ) : (
          <RefundForm {...props} view={refunds.data.refundable} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function successToast(refund: Refund) {
  const amount = formatCents(refund.amountCents);
  if (refund.status === 'failed') toast.error('Rimborso non riuscito', { description: refund.failureReason ?? 'Riprova tra poco' });
  else if (refund.status === 'pending') toast.success(`Rimborso di ${amount} avviato`, { description: 'Stripe lo conferma di solito in pochi secondi.' });
  else toast.success(`Rimborso di ${amount} registrato`, { description: refund.creditNoteNumber ? `Nota di credito ${refund.creditNoteNumber}` : undefined });
}

function RefundForm({ storeId, orderId, fromReturn, onClose, view }: Props & { view: RefundableOrderView }) {
  const [state, setState] = useState<RefundFormState>(() => initialRefundState(view, fromReturn?.lines));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: 'iban' | null; message: string } | null>(null);
  const create = useCreateRefund(storeId, orderId);
  const qc = useQueryClient();
  const draft = refundDraft(view, state);
  const ibanMsg = ibanError(view, state.iban);
  const lines = refundableLines(view);

  const change = (next: Partial<RefundFormState>) => {
    setState((s) => ({ ...s, ...next }));
    setServerError(null);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!draft.ok || ibanMsg) return;
    try {
      const refund = await create.mutateAsync(toRefundInput(view, state, draft.quote, fromReturn?.id));
      successToast(refund);
      onClose();
    } catch (err) {
      const field = err instanceof ApiError && err.field === 'iban' ? 'iban' : null;
      // Another refund got there first: what is left changed, the quote follows.
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: returnKeys.refunds(storeId, orderId) });
      setServerError({ field, message: errorMessage(err, 'Impossibile eseguire il rimborso: riprova') });
    }
  };

  if (!view.paid) return <FormAlert message={draft.ok ? null : draft.message} />;
  if (leftToRefund(view).totalCents === 0) return <FormAlert message="L’ordine è già stato rimborsato per intero: non resta niente da rimborsare" />;
  const busy = create.isPending;
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4" aria-busy={busy}>
      <RefundFields
        view={view}
        lines={lines}
        state={state}
        draft={draft}
        onChange={change}
        ibanMessage={(submitted && ibanMsg) || (serverError?.field === 'iban' ? serverError.message : undefined)}
      />
      <FormAlert message={serverError && !serverError.field ? serverError.message : null} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button type="submit" disabled={busy || !draft.ok} data-testid="refund-confirm">
          {busy ? 'Rimborso in corso…' : draft.ok ? `Rimborsa ${formatCents(draft.quote.totalCents)}` : 'Rimborsa'}
        </Button>
      </DialogFooter>
    </form>
  );
}
