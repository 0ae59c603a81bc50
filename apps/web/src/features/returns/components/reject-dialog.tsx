import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { rejectReturnInputSchema, RETURN_LIMITS } from '@vetrina/shared/returns';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api';
import { useRejectReturn } from '../api';
import { returnNumber } from '../return-status';

type Values = z.input<typeof rejectReturnInputSchema>;

/** 'Rifiuta': a reason is required; the shopper receives it by e-mail. */
export function RejectDialog({ storeId, returnId, number, onClose }: { storeId: string; returnId: string; number: number; onClose: () => void }) {
  const reject = useRejectReturn(storeId, returnId);
  const form = useForm<Values, unknown, z.output<typeof rejectReturnInputSchema>>({
    resolver: zodResolver(rejectReturnInputSchema),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync(reason);
      toast.success('Reso rifiutato', { description: 'Abbiamo inviato il motivo al cliente per e-mail.' });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  });
  const length = form.watch('reason').length;
  return (
    <Dialog open onOpenChange={(open) => !open && !reject.isPending && onClose()}>
      <DialogContent className="max-w-lg grid-cols-1">
        <DialogHeader>
          <DialogTitle>Rifiuta il reso {returnNumber(number)}</DialogTitle>
          <DialogDescription>Il cliente riceve un’e-mail con il motivo che scrivi qui. Il rifiuto non si può annullare.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4" aria-busy={reject.isPending}>
          <TextareaField
            label="Motivo del rifiuto"
            rows={4}
            maxLength={RETURN_LIMITS.reasonMax}
            hint={`${length.toLocaleString('it-IT')}/${RETURN_LIMITS.reasonMax.toLocaleString('it-IT')} caratteri`}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <FormAlert message={reject.isError ? errorMessage(reject.error, 'Impossibile rifiutare il reso: riprova') : null} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={reject.isPending}>
              Annulla
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Invio…' : 'Rifiuta e avvisa il cliente'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
