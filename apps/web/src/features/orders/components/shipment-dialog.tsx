import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CARRIERS, CARRIER_LABELS, shipmentInputSchema, trackingUrl, type Shipment, type ShipmentInput, type ShipmentValues } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api';
import { useUpdateOrderStatus, useUpdateShipment } from '../api';
import { orderNumber } from '../order-status';

const FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;
type Field = (typeof FIELDS)[number];

interface Props {
  storeId: string;
  orderId: string;
  number: number;
  /** 'ship': the change to 'Spedito'; 'edit': the tracking of an order already shipped. */
  mode: 'ship' | 'edit';
  shipment?: Shipment | null;
  onClose: () => void;
}

/** Carrier and tracking number when the team ships (both optional there), or corrects them later. */
export function ShipmentDialog({ storeId, orderId, number, mode, shipment, onClose }: Props) {
  const status = useUpdateOrderStatus(storeId);
  const edit = useUpdateShipment(storeId);
  const form = useForm<ShipmentInput, unknown, ShipmentValues>({
    resolver: zodResolver(shipmentInputSchema),
    // A hidden field (the link, unless 'Altro') is not sent.
    shouldUnregister: true,
    defaultValues: {
      carrier: shipment?.carrier ?? undefined,
      trackingNumber: shipment?.trackingNumber ?? '',
      trackingUrl: shipment?.carrier === 'altro' ? (shipment.trackingUrl ?? '') : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const carrier = form.watch('carrier');
  const typed = form.watch('trackingNumber');
  const preview = carrier && carrier !== 'altro' && !errors.trackingNumber ? trackingUrl(carrier, typed) : null;
  const carrierId = useId();

  const failed = (err: unknown) => {
    // The status route names the field under `shipment.`.
    const field = err instanceof ApiError && err.field ? (err.field.replace(/^shipment\./, '') as Field) : null;
    if (field && FIELDS.includes(field)) form.setError(field, { type: 'server', message: err instanceof ApiError ? err.message : '' }, { shouldFocus: true });
    else toast.error(mode === 'ship' ? 'Impossibile aggiornare lo stato' : 'Impossibile salvare la spedizione', { description: errorMessage(err, 'Riprova') });
  };

  const send = async (values: ShipmentValues | undefined) => {
    try {
      if (mode === 'ship') {
        await status.mutateAsync({ orderId, status: 'shipped', shipment: values });
        toast.success('Ordine segnato come spedito', { description: 'Abbiamo inviato un’email al cliente.' });
      } else {
        await edit.mutateAsync({ orderId, shipment: values! });
        toast.success('Spedizione aggiornata');
      }
      onClose();
    } catch (err) {
      failed(err);
    }
  };

  const busy = isSubmitting || status.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{mode === 'ship' ? `Spedisci l’ordine ${orderNumber(number)}` : `Spedizione dell’ordine ${orderNumber(number)}`}</DialogTitle>
          <DialogDescription>
            {mode === 'ship'
              ? 'Il cliente riceve l’email “Il tuo ordine è stato spedito” con il link per seguire il pacco.'
              : 'Se cambi corriere o tracking, il cliente riceve un’email con il nuovo link.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(send)} noValidate className="grid gap-4" aria-busy={busy}>
          <div className="grid gap-2">
            <Label htmlFor={carrierId}>Corriere</Label>
            <NativeSelect
              id={carrierId}
              aria-invalid={errors.carrier ? true : undefined}
              aria-describedby={errors.carrier ? `${carrierId}-error` : undefined}
              {...form.register('carrier')}
            >
              <option value="">Scegli il corriere</option>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${carrierId}-error`} message={errors.carrier?.message} />
          </div>
          <FormField
            label="Numero di tracking"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            hint={preview ? <span className="break-all">Link per il cliente: {preview}</span> : 'Facoltativo: lettere, numeri e trattini.'}
            error={errors.trackingNumber?.message}
            {...form.register('trackingNumber')}
          />
          {carrier === 'altro' && (
            <FormField
              label="Link di tracking"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={500}
              hint="Facoltativo: la pagina del corriere dove seguire il pacco."
              error={errors.trackingUrl?.message}
              {...form.register('trackingUrl')}
            />
          )}
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Annulla
            </Button>
            {mode === 'ship' && (
              <Button variant="outline" onClick={() => void send(undefined)} disabled={busy}>
                Spedisci senza tracking
              </Button>
            )}
            <Button type="submit" disabled={busy}>
              {busy ? 'Salvataggio…' : mode === 'ship' ? 'Segna come spedito' : 'Salva spedizione'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
