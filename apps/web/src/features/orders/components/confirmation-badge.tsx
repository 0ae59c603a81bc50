import { Hourglass } from 'lucide-react';
import { confirmationMsg, isAwaitingConfirmation, type OrderSummary } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';

/** 'Da confermare' beside the status: a cash-on-delivery or pickup order the shopper has not confirmed yet. */
export function ConfirmationBadge({ order }: { order: Pick<OrderSummary, 'status' | 'confirmation'> }) {
  if (!isAwaitingConfirmation(order)) return null;
  return (
    <Badge variant="outline" className="gap-1 border-amber-400 bg-amber-50 text-amber-900" data-testid="confirmation-status">
      <Hourglass className="size-3" aria-hidden />
      {confirmationMsg.awaitingLabel}
    </Badge>
  );
}
