import { toast } from 'sonner';
import { ReceiptText, Undo2 } from 'lucide-react';
import type { Invoice } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api';
import { useIssueCreditNote, useIssueInvoice } from '../invoice-api';

/** 'Emetti fattura', asked first: a number once given cannot be taken back. */
export function IssueInvoiceButton({ storeId, orderId }: { storeId: string; orderId: string }) {
  const issue = useIssueInvoice(storeId);
  const run = () =>
    issue.mutate(orderId, {
      onSuccess: (invoice) => toast.success('Fattura emessa', { description: `Fattura n. ${invoice.number}` }),
      onError: (err) => toast.error('Impossibile emettere la fattura', { description: errorMessage(err, 'Riprova più tardi') }),
    });
  return (
    <ConfirmDialog
      title="Emettere la fattura?"
      description="La fattura riceverà il prossimo numero e non potrà più essere modificata."
      confirmLabel="Emetti fattura"
      tone="default"
      onConfirm={run}
      trigger={
        <Button size="sm" disabled={issue.isPending} data-testid="issue-invoice">
          <ReceiptText aria-hidden /> {issue.isPending ? 'Emissione…' : 'Emetti fattura'}
        </Button>
      }
    />
  );
}

/** 'Emetti nota di credito' on a standing invoice: cancels all of it, for good. */
export function CreditNoteButton({ storeId, invoice }: { storeId: string; invoice: Pick<Invoice, 'id' | 'number' | 'orderId'> }) {
  const credit = useIssueCreditNote(storeId);
  const run = () =>
    credit.mutate(
      { invoiceId: invoice.id, orderId: invoice.orderId },
      {
        onSuccess: (note) => toast.success('Nota di credito emessa', { description: `Nota di credito n. ${note.number}` }),
        onError: (err) => toast.error('Impossibile emettere la nota di credito', { description: errorMessage(err, 'Riprova più tardi') }),
      },
    );
  return (
    <ConfirmDialog
      title="Emettere una nota di credito?"
      description={`La nota di credito storna l’intera fattura n. ${invoice.number}. Non si può annullare.`}
      confirmLabel="Emetti nota di credito"
      onConfirm={run}
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={credit.isPending}
          aria-label={`Emetti nota di credito per la fattura ${invoice.number}`}
          data-testid="issue-credit-note"
        >
          <Undo2 aria-hidden /> {credit.isPending ? 'Emissione…' : 'Emetti nota di credito'}
        </Button>
      }
    />
  );
}
