import { Wallet } from 'lucide-react';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { PAYMENT_BADGE_CLASS } from '../payment-status';

/** Beside the order's status: whether the money arrived. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="outline" className={cn('gap-1 bg-background', PAYMENT_BADGE_CLASS[status])} title="Stato del pagamento" data-testid="payment-status">
      <Wallet className="size-3" aria-hidden />
      <span className="sr-only">Pagamento: </span>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
