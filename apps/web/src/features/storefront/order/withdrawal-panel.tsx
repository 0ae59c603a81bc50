import { Undo2 } from 'lucide-react';
import type { PublicOrder } from '@vetrina/shared/payments';
import { StoreLink } from '../components/ui';
import { useStorefront } from '../store-context';
import { Panel } from './panel';

/** 'Recedi dal contratto' while the withdrawal period is open: the form opens with this order named. */
export function WithdrawalPanel({ order, token }: { order: PublicOrder; token: string }) {
  const { home } = useStorefront();
  if (!order.withdrawal.open) return null;
  return (
    <Panel title="Recesso" id="recesso">
      <p className="text-sm">
        {order.withdrawal.lastDay
          ? `Puoi recedere dal contratto fino al ${order.withdrawal.lastDay}, senza indicare il motivo.`
          : 'Puoi recedere dal contratto fino a 14 giorni dopo la consegna, senza indicare il motivo.'}
      </p>
      <StoreLink tone="outline" to={`${home}/recesso?ordine=${encodeURIComponent(token)}`} className="w-full">
        <Undo2 aria-hidden />
        Recedi dal contratto
      </StoreLink>
    </Panel>
  );
}
