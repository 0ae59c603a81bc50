import { toast } from 'sonner';
import { PhoneCall } from 'lucide-react';
import { ORDER_CONFIRMATION, confirmationMsg, isAwaitingConfirmation, type OrderDetail } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useConfirmOrder } from '../api';
import { orderNumber } from '../order-status';

/**
 * 'Conferma' of the order details (cash on delivery and pickup): until the shopper confirms from
 * the mail, when the order will be cancelled, and 'Conferma ordine' for the team after a phone
 * call; afterwards who confirmed and when, or why it was cancelled.
 */
export function OrderConfirmation({ storeId, order, canWrite }: { storeId: string; order: OrderDetail; canWrite: boolean }) {
  const confirm = useConfirmOrder(storeId);
  const c = order.confirmation;
  if (!c) return null;
  const awaiting = isAwaitingConfirmation(order);
  return (
    <section className="grid gap-2 border-t pt-3" aria-labelledby="conferma-ordine" data-testid="order-confirmation">
      <h3 id="conferma-ordine" className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        Conferma del cliente
      </h3>
      {awaiting ? (
        <>
          <p>
            {confirmationMsg.awaitingLabel}: il cliente ha ricevuto una mail per confermarlo
            {c.dueAt && (
              <>
                {' '}
                entro il <time dateTime={c.dueAt}>{formatDateTime(c.dueAt)}</time>
              </>
            )}
            . Senza conferma l’ordine viene annullato dopo {ORDER_CONFIRMATION.holdHours} ore e gli articoli tornano disponibili.
          </p>
          {canWrite && (
            <div>
              <ConfirmDialog
                title={`Confermare l’ordine ${orderNumber(order.orderNumber)}?`}
                description="Confermalo solo dopo aver sentito il cliente (per esempio al telefono): l’ordine non verrà più annullato da solo."
                confirmLabel="Conferma ordine"
                onConfirm={() =>
                  confirm.mutate(order.id, {
                    onSuccess: () => toast.success('Ordine confermato'),
                    onError: (err) => toast.error('Impossibile confermare l’ordine', { description: errorMessage(err, 'Riprova più tardi') }),
                  })
                }
                trigger={
                  <Button variant="outline" size="sm" disabled={confirm.isPending}>
                    <PhoneCall aria-hidden /> {confirm.isPending ? 'Conferma in corso...' : 'Conferma ordine'}
                  </Button>
                }
              />
            </div>
          )}
        </>
      ) : c.state === 'confirmed' ? (
        <p>
          {c.confirmedBy === 'team' ? `Confermato da ${order.confirmedByMember ?? 'un membro del team'}` : confirmationMsg.confirmedByShopper}
          {c.confirmedAt && (
            <>
              {' '}
              il <time dateTime={c.confirmedAt}>{formatDateTime(c.confirmedAt)}</time>
            </>
          )}
          .
        </p>
      ) : c.state === 'expired' ? (
        <p>{confirmationMsg.expired}: gli articoli sono tornati disponibili.</p>
      ) : (
        <p className="text-muted-foreground">Non confermato dal cliente: l’ordine è annullato.</p>
      )}
    </section>
  );
}
