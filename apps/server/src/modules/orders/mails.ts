import { byCodeUnits } from '@vetrina/shared/italian-format';
import { romeLongDate, romeTime } from '@vetrina/shared/shop-day';
import { ORDER_CONFIRMATION, PAYMENT_METHOD_LABELS, discountLabel, formatEuro, type PaymentInstructions } from '@vetrina/shared';
import { orderNotificationTitle } from '@vetrina/shared/notifications';
import type { AppContext } from '../../lib/context.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { WriteScope } from '../../db/write-scope.js';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.js';
import type { Mail } from '../mail/mailer.js';
import { layoutMail, withdrawalMailLink, type MailBrand } from '../mail/templates.js';
import { storeMailBrand } from '../stores/service.js';
import { ordersRepo } from './repo.js';
import { discountOf, instructionsOf } from './order-view.js';
import { noticeAudience, recordNotification, type NotifiedMember } from '../notifications/service.js';

/** How to pay, as lines of the confirmation mail (the same snapshot the order page shows). */
export function instructionLines(p: PaymentInstructions, totalCents: number): { lines: string[]; rows: [string, string][] } {
  switch (p.method) {
    case 'bank_transfer':
      return {
        lines: [`Per completare l’ordine paga con bonifico bancario entro il ${romeLongDate(p.dueAt)}: dopo quella data l’ordine viene annullato.`],
        rows: [
          ['Importo', formatEuro(totalCents)],
          ['IBAN', p.iban.replace(/(.{4})/g, '$1 ').trim()],
          ['Intestatario', p.holder],
          ...(p.bank ? ([['Banca', p.bank]] as [string, string][]) : []),
          ['Causale', p.causale],
        ],
      };
    case 'cod':
      return { lines: [`Pagherai ${formatEuro(totalCents)} in contanti al corriere alla consegna.`], rows: [] };
    case 'pickup':
      return { lines: [`Ritiro in negozio: ${p.address}. Orari: ${p.hours}. Paghi al ritiro.`], rows: [] };
    case 'card':
      return { lines: ['Pagamento con carta ricevuto.'], rows: [] };
  }
}

type OrderRow = Selectable<OrdersTable>;

/** '14:07': Rome's time of day of an instant. */
function romeClock(at: string): string {
  const t = romeTime(at);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}
type ItemRow = Pick<Selectable<OrderItemsTable>, 'title' | 'variant_label' | 'quantity' | 'total_price_cents'>;

/** The order and its items: as the checkout just wrote them, or read back. */
export interface MailOrder {
  order: OrderRow;
  items: ItemRow[];
  /** The secret of the 'Conferma ordine' link (cash on delivery, pickup): only the checkout knows it, only this mail carries it. */
  confirmationCode?: string | null;
}

/** Who the order mails speak for and who else gets them: readable before the order's transaction. */
export interface MailAudience {
  brand: MailBrand & { slug: string };
  /** The admins (owner included) who want the new-order mail. */
  admins: string[];
  /** Every member: each one's bell lists the order (modules/notifications). */
  members: NotifiedMember[];
}

/** The order mails' audience from the store's brand and its members (as `noticeAudience` reads them). */
export function audienceOf(brand: MailAudience['brand'], members: NotifiedMember[]): MailAudience {
  return { brand, admins: members.filter((m) => m.mailsOrders).map((m) => m.email), members };
}

export async function mailAudience(ctx: AppContext, db: Db, storeId: string): Promise<MailAudience> {
  const [brand, members] = await Promise.all([storeMailBrand(ctx, db, storeId), noticeAudience(db, storeId)]);
  return audienceOf(brand, members);
}

/** The order read back in the caller's transaction, with its store's brand. */
async function orderMailParts(ctx: AppContext, trx: Db, orderId: string) {
  const repo = ordersRepo(trx);
  const order = await repo.byId(orderId);
  const items = await repo.itemsByTitle(orderId);
  return mailParts(ctx, order, items, await storeMailBrand(ctx, trx, order.store_id));
}

/** What every order mail shows, from the order and its items (in title order). */
function mailParts(ctx: AppContext, order: OrderRow, items: ItemRow[], brand: MailAudience['brand']) {
  const itemRows: [string, string][] = items.map((i) => [
    `${i.quantity} × ${i.title}${i.variant_label ? ` (${i.variant_label})` : ''}`,
    formatEuro(i.total_price_cents),
  ]);
  const totals: [string, string][] = [
    ['Subtotale', formatEuro(order.subtotal_cents)],
    ...(order.discount_cents > 0 ? ([[discountLabel(discountOf(order)!), `−${formatEuro(order.discount_cents)}`]] as [string, string][]) : []),
    ['Spedizione', order.payment_method === 'pickup' ? 'Ritiro in negozio' : formatEuro(order.shipping_cents)],
    ...(order.surcharge_cents > 0 ? ([['Supplemento contrassegno', formatEuro(order.surcharge_cents)]] as [string, string][]) : []),
    ['Totale', formatEuro(order.total_cents)],
  ];
  const province = order.shipping_province ? ` (${order.shipping_province})` : '';
  const address = `${order.shipping_street}, ${order.shipping_postal_code} ${order.shipping_city}${province}, ${order.shipping_country}`;
  const orderUrl = order.public_token ? `${ctx.publicUrl()}/store/${encodeURIComponent(brand.slug)}/ordine/${order.public_token}` : null;
  return { order, brand, itemRows, totals, address, orderUrl };
}

/**
 * Queues, in the order's own transaction (the mails exist iff the order does, and sending them
 * never delays the answer), the shopper's confirmation with how to pay and the store admins'
 * new-order notice, and puts the order in every member's bell. Card orders do it once Stripe
 * confirms the payment instead. The caller calls notificationsChanged after the commit.
 */
export async function queueOrderMails(ctx: AppContext, scope: WriteScope, loaded: MailOrder, audience: MailAudience) {
  const items = [...loaded.items].sort((a, b) => byCodeUnits(a.title, b.title));
  await queueMails(ctx, scope, mailParts(ctx, loaded.order, items, audience.brand), loaded.confirmationCode, audience);
}

/** `queueOrderMails` for an order read back in the caller's transaction (a card order, once paid). */
export async function queueStoredOrderMails(ctx: AppContext, trx: Db, orderId: string) {
  const parts = await orderMailParts(ctx, trx, orderId);
  await queueMails(ctx, trx, parts, undefined, await mailAudience(ctx, trx, parts.order.store_id));
}

async function queueMails(ctx: AppContext, scope: WriteScope, parts: ReturnType<typeof mailParts>, code: string | null | undefined, audience: MailAudience) {
  const { order, brand, itemRows, totals, address, orderUrl } = parts;
  const how = instructionLines(instructionsOf(order), order.total_cents);
  const awaiting = order.confirmation === 'awaiting' && Boolean(code);
  // In the fragment: the browser never sends it, so no request line or log holds it.
  const confirmUrl = orderUrl && code ? `${orderUrl}#conferma=${code}` : orderUrl;
  const mails: Mail[] = [
    layoutMail({
      brand,
      to: order.customer_email,
      // Cash on delivery and pickup: the button leads to the order page, whose 'Conferma ordine' is a
      // POST, so a mail scanner opening the link confirms nothing.
      subject: awaiting ? `Conferma il tuo ordine #${order.order_number} — ${brand.name}` : `Ordine #${order.order_number} confermato — ${brand.name}`,
      lines: [
        `Ciao ${order.customer_name}, grazie per il tuo ordine su ${brand.name}!`,
        `Numero ordine: #${order.order_number}.`,
        ...(awaiting
          ? [
              `Per completarlo premi «Conferma ordine» entro le ${romeClock(order.confirmation_due_at!)} del ${romeLongDate(order.confirmation_due_at!)} (${ORDER_CONFIRMATION.holdHours} ore): senza conferma l’ordine viene annullato e gli articoli tornano disponibili.`,
            ]
          : []),
        ...how.lines,
      ],
      rows: [...how.rows, ...itemRows, ...totals],
      after: [
        `Pagamento: ${PAYMENT_METHOD_LABELS[order.payment_method]}.`,
        order.payment_method === 'pickup' ? 'Ti aspettiamo in negozio.' : `Spedizione a: ${address}`,
        awaiting ? 'Se non hai fatto tu questo ordine, ignora questa mail: verrà annullato da solo.' : 'Ti scriveremo quando il pacco partirà.',
      ],
      action: confirmUrl ? { label: awaiting ? 'Conferma ordine' : 'Vedi il tuo ordine', url: awaiting ? confirmUrl : orderUrl! } : undefined,
      footerLink: withdrawalMailLink(ctx.publicUrl(), brand.slug, order.public_token),
    }),
  ];

  const { admins, members } = audience;
  const dashboard = `${ctx.publicUrl()}/dashboard/orders`;
  for (const admin of admins) {
    mails.push(
      layoutMail({
        brand,
        to: admin,
        subject: `Nuovo ordine #${order.order_number} su ${brand.name}`,
        lines: [
          `${order.customer_name} (${order.customer_email}) ha effettuato un ordine di ${formatEuro(order.total_cents)}.`,
          `Pagamento: ${PAYMENT_METHOD_LABELS[order.payment_method]}${order.payment_status === 'paid' ? ' (pagato)' : ' (da pagare)'}.`,
          ...(order.confirmation === 'awaiting'
            ? [
                `Da confermare: il cliente ha ${ORDER_CONFIRMATION.holdHours} ore per confermarlo dalla mail, altrimenti viene annullato. Puoi confermarlo tu dai dettagli dell’ordine dopo averlo sentito.`,
              ]
            : []),
        ],
        rows: [...itemRows, ...totals],
        after: [order.payment_method === 'pickup' ? 'Ritiro in negozio.' : `Spedizione a: ${address}`],
        action: { label: 'Apri gli ordini', url: dashboard },
      }),
    );
  }
  await ctx.mailer.enqueue(scope, mails);
  await recordNotification(scope, order.store_id, members, {
    kind: 'order',
    title: orderNotificationTitle(order.order_number, order.total_cents),
    link: `/dashboard/orders?search=${order.order_number}`,
  });
}

/** 'Pagamento ricevuto' to the shopper, in the transaction that marks the order paid. */
export async function queuePaymentReceivedMail(ctx: AppContext, trx: Db, orderId: string) {
  const { order, brand, itemRows, totals, orderUrl } = await orderMailParts(ctx, trx, orderId);
  await ctx.mailer.enqueue(trx, [
    layoutMail({
      brand,
      to: order.customer_email,
      subject: `Pagamento ricevuto — ordine #${order.order_number}`,
      lines: [
        `Ciao ${order.customer_name}, abbiamo ricevuto il pagamento di ${formatEuro(order.total_cents)} per l’ordine #${order.order_number} su ${brand.name}.`,
        order.payment_method === 'pickup' ? 'Ti aspettiamo in negozio per il ritiro.' : 'Ti scriveremo quando il pacco partirà.',
      ],
      rows: [...itemRows, ...totals],
      action: orderUrl ? { label: 'Vedi il tuo ordine', url: orderUrl } : undefined,
      footerLink: withdrawalMailLink(ctx.publicUrl(), brand.slug, order.public_token),
    }),
  ]);
}
