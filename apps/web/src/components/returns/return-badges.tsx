import { REFUND_STATUS_LABELS, RETURN_STATUS_LABELS, type RefundStatus, type ReturnStatus } from '@vetrina/shared/returns';
import { Badge } from '@/components/ui/badge';
import { REFUND_BADGE, RETURN_BADGE } from '@/lib/returns';

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <Badge variant={RETURN_BADGE[status]} data-testid="return-status">
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return (
    <Badge variant={REFUND_BADGE[status]} data-testid="refund-status">
      {REFUND_STATUS_LABELS[status]}
    </Badge>
  );
}
