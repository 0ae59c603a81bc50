import { can } from '@vetrina/shared';
import type { ReturnDetail } from '@vetrina/shared/returns-admin';
import { Card } from '@/components/ui/card';
import { useActiveStore } from '@/lib/auth';
import { useOrderRefunds } from '../api';
import { RefundList } from '@/components/returns/refund-list';

/** On the return's page: the refunds made for it (nothing when there are none yet). */
export function ReturnRefunds({ storeId, ret }: { storeId: string; ret: ReturnDetail }) {
  const store = useActiveStore().store!;
  const refunds = useOrderRefunds(storeId, ret.orderId);
  const mine = refunds.data?.refunds.filter((f) => f.returnId === ret.id) ?? [];
  if (mine.length === 0) return null;
  return (
    <Card className="grid gap-3 p-4 text-sm sm:p-5">
      <h2 className="text-base font-semibold">Rimborsi</h2>
      <RefundList storeId={storeId} orderId={ret.orderId} refunds={mine} canRetry={can(store, 'refunds:write')} />
    </Card>
  );
}
