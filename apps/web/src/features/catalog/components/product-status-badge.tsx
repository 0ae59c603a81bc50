import { PRODUCT_STATUS_LABELS, type ProductStatus } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';

const variant = { draft: 'secondary', active: 'success', archived: 'warning' } as const;

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <Badge variant={variant[status]}>{PRODUCT_STATUS_LABELS[status]}</Badge>;
}
