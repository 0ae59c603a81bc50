import { CARRIER_LABELS, shippedWith, type Shipment } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { layoutMail, withdrawalMailLink } from '../../mail/templates.js';
import { mailAudience } from '../mails.js';
import { ordersRepo } from '../repo.js';

export type ShipmentMailKind = 'shipped' | 'updated' | 'delivered';

const SUBJECTS: Record<ShipmentMailKind, (n: number) => string> = {
  shipped: (n) => `Il tuo ordine è stato spedito — #${n}`,
  updated: (n) => `Aggiornamento sulla spedizione — ordine #${n}`,
  delivered: (n) => `Il tuo ordine è stato consegnato — #${n}`,
};

/**
 * Queues, in the transaction that ships, edits or delivers the order, the shopper's mail about it:
 * carrier, tracking number and the link to follow the parcel, and the link to their order page.
 */
export async function queueShipmentMail(ctx: AppContext, trx: Db, storeId: string, orderId: string, kind: ShipmentMailKind, shipment: Shipment | null) {
  const order = await ordersRepo(trx).mailHeader(storeId, orderId);
  const { brand } = await mailAudience(ctx, trx, storeId);
  const orderUrl = order.public_token ? `${ctx.publicUrl()}/store/${encodeURIComponent(brand.slug)}/ordine/${order.public_token}` : null;
  const n = order.order_number;
  const hello = `Ciao ${order.customer_name},`;

  if (kind === 'delivered') {
    await ctx.mailer.enqueue(trx, [
      layoutMail({
        brand,
        to: order.customer_email,
        subject: SUBJECTS.delivered(n),
        lines: [
          `${hello} il tuo ordine #${n} su ${brand.name} risulta consegnato.`,
          'Grazie per aver acquistato da noi! Se qualcosa non va, scrivici dal negozio.',
        ],
        action: orderUrl ? { label: 'Vedi il tuo ordine', url: orderUrl } : undefined,
        footerLink: withdrawalMailLink(ctx.publicUrl(), brand.slug, order.public_token),
      }),
    ]);
    return;
  }

  const carrier = shipment?.carrier ?? null;
  const rows: [string, string][] = [
    ...(carrier ? ([['Corriere', CARRIER_LABELS[carrier]]] as [string, string][]) : []),
    ...(shipment?.trackingNumber ? ([['Numero di tracking', shipment.trackingNumber]] as [string, string][]) : []),
  ];
  const track = shipment?.trackingUrl ?? null;
  await ctx.mailer.enqueue(trx, [
    layoutMail({
      brand,
      to: order.customer_email,
      subject: SUBJECTS[kind](n),
      lines: [
        kind === 'shipped'
          ? `${hello} il tuo ordine #${n} su ${brand.name} è stato spedito.`
          : `${hello} abbiamo aggiornato i dati di spedizione del tuo ordine #${n} su ${brand.name}.`,
        ...(carrier ? [`${shippedWith(carrier)}.`] : []),
        ...(track ? ['Puoi seguire il pacco dal link qui sotto.'] : []),
      ],
      rows,
      after: track && orderUrl ? [`Il tuo ordine: ${orderUrl}`] : [],
      action: track ? { label: 'Traccia la spedizione', url: track } : orderUrl ? { label: 'Vedi il tuo ordine', url: orderUrl } : undefined,
      footerLink: withdrawalMailLink(ctx.publicUrl(), brand.slug, order.public_token),
    }),
  ]);
}
