import { formatEuro } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { layoutMail } from '../../mail/templates.js';
import { storeMailBrand } from '../../stores/service.js';
import type { RefundRow } from './repo.js';

/**
 * 'Rimborso di X € per l'ordine #N': the shopper's mail, queued in the transaction that marks the
 * refund 'succeeded' (the mail exists iff the refund does). layoutMail escapes every line.
 */
export async function queueRefundMail(
  ctx: AppContext,
  trx: Db,
  r: RefundRow,
  order: { order_number: number; customer_name: string; customer_email: string; public_token: string | null },
) {
  const brand = await storeMailBrand(ctx, trx, r.store_id);
  const orderUrl = order.public_token ? `${ctx.publicUrl()}/store/${encodeURIComponent(brand.slug)}/ordine/${order.public_token}` : null;
  const how =
    r.method === 'stripe'
      ? 'Il rimborso torna sulla carta che hai usato: di solito compare sull’estratto conto in 5-10 giorni lavorativi.'
      : `Il rimborso ti arriva con un bonifico${r.iban ? ` sull’IBAN che termina con ${r.iban.slice(-4)}` : ''}.`;
  await ctx.mailer.enqueue(trx, [
    layoutMail({
      brand,
      to: order.customer_email,
      subject: `Rimborso di ${formatEuro(r.amount_cents)} per l’ordine #${order.order_number}`,
      lines: [`Ciao ${order.customer_name}, ${brand.name} ti ha rimborsato ${formatEuro(r.amount_cents)} per l’ordine #${order.order_number}.`, how],
      rows: [
        ['Articoli', formatEuro(r.items_cents)],
        ...(r.shipping_cents ? ([['Spedizione', formatEuro(r.shipping_cents)]] as [string, string][]) : []),
        ...(r.adjustment_cents ? ([['Rettifica', formatEuro(r.adjustment_cents)]] as [string, string][]) : []),
        ['Totale rimborsato', formatEuro(r.amount_cents)],
      ],
      ...(orderUrl ? { action: { label: 'Vedi il tuo ordine', url: orderUrl } } : {}),
    }),
  ]);
}
