import { useState } from 'react';
import { Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useTeamMembers, useTransferOwnership } from '../api';
import { ownershipCandidates } from '../member-actions';
import { TransferOwnershipForm } from './transfer-ownership-form';

/** Owner only: what owning the store means, and handing it to another admin. */
export function OwnershipCard({ storeId, storeName, userId }: { storeId: string; storeName: string; userId: string }) {
  const members = useTeamMembers(storeId);
  const transfer = useTransferOwnership(storeId);
  const [open, setOpen] = useState(false);
  const candidates = ownershipCandidates(members.data ?? [], userId);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Crown className="size-5 text-amber-600" aria-hidden /> Proprietà dello store
        </CardTitle>
        <CardDescription>Sei il proprietario di {storeName}: solo tu puoi eliminarlo, cambiare i ruoli e rimuovere gli amministratori.</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(o) => !transfer.isPending && setOpen(o)}>
          <DialogTrigger asChild>
            <Button variant="outline" disabled={!members.data}>
              Trasferisci la proprietà
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Trasferisci la proprietà</DialogTitle>
              <DialogDescription>
                Il nuovo proprietario potrà eliminare {storeName}, cambiare i ruoli e trasferire a sua volta la proprietà. Tu resterai amministratore.
              </DialogDescription>
            </DialogHeader>
            {candidates.length === 0 ? (
              <>
                <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  Il nuovo proprietario deve essere già un amministratore dello store. Invita la persona come Amministratore, oppure promuovi un membro dello
                  Staff dall’elenco dei membri, poi torna qui.
                </p>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Ho capito</Button>
                  </DialogClose>
                </DialogFooter>
              </>
            ) : (
              <TransferOwnershipForm storeName={storeName} candidates={candidates} transfer={transfer} onDone={() => setOpen(false)} />
            )}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
