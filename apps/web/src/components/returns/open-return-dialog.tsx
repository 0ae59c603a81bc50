import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { openReturnInputSchema, RETURN_LIMITS } from '@vetrina/shared/returns';
import type { OrderItem } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api';
import { orderRef as orderNumber, returnNumber, useOpenReturn } from '@/lib/returns';
import { chosenLines, LineQuantities } from './line-quantities';

/** 'Apri un reso': the team records a return the shopper asked for elsewhere (phone, shop, e-mail). */
export function OpenReturnDialog(props: { storeId: string; orderId: string; number: number; items: OrderItem[]; onClose: () => void }) {
  const navigate = useNavigate();
  const open = useOpenReturn(props.storeId, props.orderId);
  const [values, setValues] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = openReturnInputSchema.safeParse({ lines: chosenLines(values), reason: reason.trim() || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    try {
      const r = await open.mutateAsync(parsed.data);
      toast.success(`Reso ${returnNumber(r.number)} aperto`);
      props.onClose();
      void navigate(`/dashboard/returns/${r.id}`);
    } catch (err) {
      setError(errorMessage(err, 'Impossibile aprire il reso: riprova'));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !open.isPending && props.onClose()}>
      <DialogContent className="max-w-lg grid-cols-1">
        <DialogHeader>
          <DialogTitle>Apri un reso per l’ordine {orderNumber(props.number)}</DialogTitle>
          <DialogDescription>Scegli gli articoli e le quantità che il cliente restituisce.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4" aria-busy={open.isPending}>
          <LineQuantities
            caption="Articoli da restituire"
            lines={props.items.map((i) => ({
              orderItemId: i.id,
              title: i.title,
              variantLabel: i.variantLabel,
              max: i.quantity,
              note: `Acquistati: ${i.quantity}`,
            }))}
            values={values}
            onChange={(id, q) => {
              setValues((v) => ({ ...v, [id]: q }));
              setError(null);
            }}
          />
          <TextareaField label="Motivo (facoltativo)" rows={3} maxLength={RETURN_LIMITS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
          <FormAlert message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose} disabled={open.isPending}>
              Annulla
            </Button>
            <Button type="submit" disabled={open.isPending}>
              {open.isPending ? 'Apertura…' : 'Apri il reso'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
