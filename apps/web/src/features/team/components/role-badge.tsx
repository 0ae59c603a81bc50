import { ROLE_LABELS, type Role } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === 'admin' ? 'purple' : 'secondary'}>{ROLE_LABELS[role]}</Badge>;
}
