import { toast } from 'sonner';
import type { OrderSummary } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api';
import { formatCents } from '@/lib/format';
import { useUpdatePaymentStatus } from '../api';
import { orderNumber } from '../order-status';
import { paymentActions, type PaymentAction } from '../payment-status';

type Order = Pick<OrderSummary, 'id' | 'orderNumber' | 'status' | 'paymentMethod' | 'paymentStatus' | 'totalCents'>;

const LABEL: Record<PaymentAction, string> = { paid: 'Segna come pagato', refunded: 'Segna come rimborsato' };
const STATE: Record<PaymentAction, string> = { paid: 'pagato', refunded: 'rimborsato' };

function description(action: PaymentAction, o: Order) {
  const total = formatCents(o.totalCents);
  if (action === 'paid') {
    const deadline = o.paymentMethod === 'bank_transfer' ? ' e non verrà più annullato alla scadenza' : '';
    const confirmed = o.status === 'pending' ? ' e passerà a “Confermato”' : '';
    return `Conferma di aver ricevuto ${total}. L’ordine risulterà pagato${confirmed}${deadline}.`;
  }
  const where = o.paymentMethod === 'card' ? ' dalla dashboard di Stripe' : '';
  return `Conferma di aver restituito ${total} al cliente. Il rimborso va fatto da te${where}: qui se ne registra solo lo stato.`;
}

/** 'Segna come pagato' / 'Segna come rimborsato', each asked first, when the order allows it. */
export function PaymentActions({ storeId, order }: { storeId: string; order: Order }) {
  const update = useUpdatePaymentStatus(storeId);
  const number = orderNumber(order.orderNumber);
  const run = (paymentStatus: PaymentAction) =>
    update.mutate(
      { orderId: order.id, paymentStatus },
      {
        // Money received also confirms an order 'In attesa' (the server does it): say so.
        onSuccess: (updated) =>
          toast.success(paymentStatus === 'paid' ? 'Pagamento registrato' : 'Stato aggiornato', {
            description: order.status === 'pending' && updated.status === 'confirmed' ? 'L’ordine è passato a “Confermato”.' : undefined,
          }),
        onError: (err) => toast.error('Impossibile aggiornare lo stato', { description: errorMessage(err, 'Riprova più tardi') }),
      },
    );
  return paymentActions(order).map((action) => (
    <ConfirmDialog
      key={action}
      title={`Segnare l’ordine ${number} come ${STATE[action]}?`}
      description={description(action, order)}
      confirmLabel={LABEL[action]}
      tone={action === 'refunded' ? 'destructive' : 'default'}
      onConfirm={() => run(action)}
      trigger={
        <Button variant="outline" size="sm" disabled={update.isPending} aria-label={`${LABEL[action]} l’ordine ${number}`}>
          {update.isPending && update.variables?.paymentStatus === action ? 'Aggiornamento...' : LABEL[action]}
        </Button>
      }
    />
  ));
}
