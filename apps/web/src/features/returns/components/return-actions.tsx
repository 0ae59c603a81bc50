import { useState } from 'react';
import { toast } from 'sonner';
import { can } from '@vetrina/shared';
import type { ReturnDetail } from '@vetrina/shared/returns-admin';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useAuthorizeReturn } from '../api';
import { returnActions, returnNumber } from '../return-status';
import { ReceiveDialog } from './receive-dialog';
import { RefundDialog } from '@/components/returns/refund-dialog';
import { RejectDialog } from './reject-dialog';

type Member = Parameters<typeof can>[0];

/** What can be done with the return in its state: 'Autorizza', 'Segna come ricevuto', 'Rifiuta', 'Rimborsa'. */
export function ReturnActions({ storeId, member, ret }: { storeId: string; member: Member; ret: ReturnDetail }) {
  const [open, setOpen] = useState<'receive' | 'reject' | 'refund' | null>(null);
  const authorize = useAuthorizeReturn(storeId, ret.id);
  const actions = returnActions(ret.status).filter((a) => can(member, a === 'refund' ? 'refunds:write' : 'orders:write'));
  if (actions.length === 0) return null;
  const number = returnNumber(ret.number);
  return (
    <div className="flex flex-wrap gap-2" data-testid="return-actions">
      {actions.includes('authorize') && (
        <ConfirmDialog
          title={`Autorizzare il reso ${number}?`}
          description="Il cliente può spedire gli articoli all’indirizzo per i resi indicato nelle impostazioni."
          confirmLabel="Autorizza"
          tone="default"
          onConfirm={() =>
            authorize.mutate(undefined, {
              onSuccess: () => toast.success('Reso autorizzato'),
              onError: (err) => toast.error('Impossibile autorizzare il reso', { description: errorMessage(err, 'Riprova più tardi') }),
            })
          }
          trigger={<Button disabled={authorize.isPending}>{authorize.isPending ? 'Autorizzazione…' : 'Autorizza'}</Button>}
        />
      )}
      {actions.includes('receive') && <Button onClick={() => setOpen('receive')}>Segna come ricevuto</Button>}
      {actions.includes('refund') && <Button onClick={() => setOpen('refund')}>Rimborsa</Button>}
      {actions.includes('reject') && (
        <Button variant="outline" className="text-destructive" onClick={() => setOpen('reject')}>
          Rifiuta
        </Button>
      )}
      {open === 'receive' && <ReceiveDialog storeId={storeId} ret={ret} onClose={() => setOpen(null)} />}
      {open === 'reject' && <RejectDialog storeId={storeId} returnId={ret.id} number={ret.number} onClose={() => setOpen(null)} />}
      {open === 'refund' && (
        <RefundDialog
          storeId={storeId}
          orderId={ret.orderId}
          number={ret.orderNumber}
          fromReturn={{ id: ret.id, number: ret.number, lines: ret.lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })) }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
