import { ExternalLink, PackageCheck, Truck } from 'lucide-react';
import type { PublicOrder } from '@vetrina/shared/payments';
import { shippedWith } from '@vetrina/shared/fulfilment';
import { formatLongDate } from '@/lib/format';
import { useButtonClasses } from '../components/ui';
import { CopyValue } from './copy-value';
import { Panel } from './panel';

/** 'Spedito con BRT', the tracking number to copy and 'Traccia la spedizione' (the carrier's page, in a new tab). */
export function ShipmentPanel({ order }: { order: PublicOrder }) {
  const button = useButtonClasses();
  const s = order.shipment;
  if (!s) return null;
  const delivered = order.status === 'delivered';
  return (
    <Panel title="La tua spedizione" id="tracking">
      <div className="flex gap-3">
        <span className="mt-0.5 shrink-0 text-(--sf-primary-ink) [&_svg]:size-6">{delivered ? <PackageCheck aria-hidden /> : <Truck aria-hidden />}</span>
        <div className="space-y-1">
          <p className="text-base font-semibold" data-testid="shipped-with">
            {s.carrier ? shippedWith(s.carrier) : 'Il tuo ordine è stato spedito'}
          </p>
          <p className="text-sm opacity-75">
            {delivered && s.deliveredAt ? `Consegnato il ${formatLongDate(s.deliveredAt)}` : s.shippedAt ? `Spedito il ${formatLongDate(s.shippedAt)}` : null}
          </p>
        </div>
      </div>
      {s.trackingNumber && (
        <dl className="divide-y divide-black/10">
          <CopyValue label="Numero di tracking" display={s.trackingNumber} mono />
        </dl>
      )}
      {s.trackingUrl && (
        <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" className={button('primary', 'w-full sm:w-auto')}>
          <ExternalLink aria-hidden />
          Traccia la spedizione
          <span className="sr-only"> (si apre in una nuova scheda)</span>
        </a>
      )}
    </Panel>
  );
}
