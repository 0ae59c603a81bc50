import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { orderNoteInputSchema, type OrderDetail, type OrderNoteInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useAddOrderNote } from '../api';

/** 'Note interne': what the team writes about the order for itself, with who wrote it and when; the shopper never sees them. */
export function OrderNotes({ storeId, order, canWrite }: { storeId: string; order: OrderDetail; canWrite: boolean }) {
  const add = useAddOrderNote(storeId);
  const form = useForm<OrderNoteInput>({ resolver: zodResolver(orderNoteInputSchema), defaultValues: { body: '' } });
  const submit = form.handleSubmit((values) =>
    add.mutate(
      { orderId: order.id, ...values },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          toast.success('Nota aggiunta');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.field === 'body') form.setError('body', { type: 'server', message: err.message }, { shouldFocus: true });
          else toast.error('Impossibile aggiungere la nota', { description: errorMessage(err, 'Riprova più tardi') });
        },
      },
    ),
  );
  return (
    <section aria-labelledby="note-interne" className="grid gap-3" data-testid="order-internal-notes">
      <div>
        <h2 id="note-interne" className="text-base font-semibold">
          Note interne
        </h2>
        <p className="text-xs text-muted-foreground">Visibili solo al team, mai al cliente.</p>
      </div>
      {order.internalNotes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nessuna nota interna.</p>
      ) : (
        <ul className="grid gap-2">
          {order.internalNotes.map((n) => (
            <li key={n.id} className="rounded-md border bg-muted/30 p-3 text-sm" data-testid="order-note">
              <p className="whitespace-pre-line break-words">{n.body}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                <span className="break-all">{n.author ?? 'Ex membro del team'}</span> · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2">
          <TextareaField
            label="Nuova nota"
            rows={3}
            maxLength={5000}
            hint="Massimo 5.000 caratteri."
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={add.isPending}>
              {add.isPending ? 'Salvataggio...' : 'Aggiungi nota'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
