import { ORDER_STATUS_LABELS } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import type { Mail } from '../mail/mailer.js';
import { layoutMail } from '../mail/templates.js';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions);
const money = (cents: number) => euro.format(cents / 100);

/**
 * Queues the shopper's confirmation and the store admins' new-order notice with the order's own
 * transaction `trx`: the mails exist iff the order does, and sending them never delays the answer.
 */
export async function queueOrderMails(ctx: AppContext, trx: Db, store: { id: string; name: string }, orderId: string) {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
  const lines = items.map((i) => `${i.quantity} × ${i.title}${i.variant_label ? ` (${i.variant_label})` : ''} — ${money(i.total_price_cents)}`);
  const totals = [`Subtotale: ${money(order.subtotal_cents)}`, `Spedizione: ${money(order.shipping_cents)}`, `Totale: ${money(order.total_cents)}`];
  const address = `${order.shipping_street}, ${order.shipping_postal_code} ${order.shipping_city}, ${order.shipping_country}`;

  const mails: Mail[] = [
    layoutMail({
      to: order.customer_email,
      subject: `Ordine #${order.order_number} confermato — ${store.name}`,
      lines: [
        `Ciao ${order.customer_name}, grazie per il tuo ordine su ${store.name}!`,
        `Numero ordine: #${order.order_number} (stato: ${ORDER_STATUS_LABELS[order.status]}).`,
        ...lines,
        ...totals,
        `Spedizione a: ${address}`,
        'Ti scriveremo quando il pacco partirà.',
      ],
    }),
  ];

  const admins = await trx
    .selectFrom('store_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.store_id', '=', store.id)
    .where('m.role', '=', 'admin')
    .execute();
  const dashboard = `${ctx.publicUrl()}/dashboard/orders`;
  for (const admin of admins) {
    mails.push(
      layoutMail({
        to: admin.email,
        subject: `Nuovo ordine #${order.order_number} su ${store.name}`,
        lines: [
          `${order.customer_name} (${order.customer_email}) ha effettuato un ordine di ${money(order.total_cents)}.`,
          ...lines,
          `Spedizione a: ${address}`,
        ],
        action: { label: 'Apri gli ordini', url: dashboard },
      }),
    );
  }
  await ctx.mailer.enqueue(trx, mails);
}
