import { useState } from 'react';
import { toast } from 'sonner';
import type { ReturnDetail } from '@vetrina/shared/returns-admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api';
import { useReceiveReturn } from '../api';
import { returnNumber } from '../return-status';
import { chosenLines, LineQuantities } from '@/components/returns/line-quantities';

/** Every unit of the return back in stock, unless the team takes some off (damaged, not resellable). */
export const allUnits = (r: Pick<ReturnDetail, 'lines'>) => Object.fromEntries(r.lines.map((l) => [l.orderItemId, l.quantity]));

/** 'Segna come ricevuto': the parcel arrived; the chosen lines and quantities go back to stock (reason 'Reso'). */
export function ReceiveDialog({ storeId, ret, onClose }: { storeId: string; ret: ReturnDetail; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, number>>(() => allUnits(ret));
  const receive = useReceiveReturn(storeId, ret.id);
  const restock = chosenLines(values);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await receive.mutateAsync(restock);
      toast.success('Reso segnato come ricevuto', {
        description: restock.length ? 'Gli articoli scelti sono tornati in magazzino.' : 'Nessun articolo è tornato in magazzino.',
      });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !receive.isPending && onClose()}>
      <DialogContent className="max-w-lg grid-cols-1">
        <DialogHeader>
          <DialogTitle>Segna il reso {returnNumber(ret.number)} come ricevuto</DialogTitle>
          <DialogDescription>Scegli cosa rimettere in magazzino: di solito tutto. Togli gli articoli danneggiati o non più vendibili.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4" aria-busy={receive.isPending}>
          <LineQuantities
            caption="Articoli da rimettere in magazzino"
            lines={ret.lines.map((l) => ({ ...l, max: l.quantity, note: `Restituiti: ${l.quantity}` }))}
            values={values}
            onChange={(id, q) => setValues((v) => ({ ...v, [id]: q }))}
          />
          <FormAlert message={receive.isError ? errorMessage(receive.error, 'Impossibile aggiornare il reso: riprova') : null} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={receive.isPending}>
              Annulla
            </Button>
            <Button type="submit" disabled={receive.isPending}>
              {receive.isPending ? 'Salvataggio…' : 'Segna come ricevuto'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
