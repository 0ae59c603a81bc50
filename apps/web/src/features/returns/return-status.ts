import { RETURN_STATUSES, type ReturnStatus } from '@vetrina/shared/returns';

export { returnNumber } from '@/lib/returns';

export const isReturnStatus = (v: string | null): v is ReturnStatus => v !== null && (RETURN_STATUSES as readonly string[]).includes(v);

/** What the team may do with a return in each state (the server applies the same moves). */
export type ReturnAction = 'authorize' | 'receive' | 'reject' | 'refund';
export function returnActions(status: ReturnStatus): ReturnAction[] {
  switch (status) {
    case 'requested':
      return ['authorize', 'reject'];
    case 'authorized':
      return ['receive', 'reject'];
    case 'received':
      return ['refund'];
    default:
      return [];
  }
}
