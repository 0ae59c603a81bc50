import { RETURN_SHIPPING_LABELS, type WithdrawableOrder } from '@vetrina/shared/returns';
import { withdrawalNotificationTitle } from '@vetrina/shared/notifications';
import { romeDateTime } from '@vetrina/shared/shop-day';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import type { Mail } from '../../mail/mailer.js';
import { layoutMail, type MailBrand } from '../../mail/templates.js';
import { noticeAudience, recordNotification, type NotifiedMember } from '../../notifications/service.js';
import { storeMailBrand } from '../../stores/service.js';

/** Who the withdrawal's mails speak for and reach: read before its transaction. */
export interface WithdrawalAudience {
  brand: MailBrand & { slug: string };
  members: NotifiedMember[];
}

export async function withdrawalAudience(ctx: AppContext, storeId: string): Promise<WithdrawalAudience> {
  const [brand, members] = await Promise.all([storeMailBrand(ctx, ctx.db, storeId), noticeAudience(ctx.db, storeId)]);
  return { brand, members };
}

export interface WithdrawalMailFacts {
  order: { store_id: string; order_number: number; public_token: string | null };
  view: WithdrawableOrder;
  returnNumber: number;
  /** The return's id: the admins' mail and bell open its page. */
  returnId: string;
  at: string;
  name: string;
  email: string;
  reason: string | null;
  lines: { quantity: number; title: string; variantLabel: string | null }[];
}

const lineLabel = (l: WithdrawalMailFacts['lines'][number]) => `${l.title}${l.variantLabel ? ` (${l.variantLabel})` : ''}`;

/** How to send the goods back, as the store's 'Resi' settings say. */
function returnSteps(view: WithdrawableOrder): string[] {
  return [
    view.returnAddress ? `Indirizzo per il reso: ${view.returnAddress}` : 'Ti scriveremo a breve l’indirizzo a cui spedire il reso.',
    RETURN_SHIPPING_LABELS[view.returnShippingPaidBy] + '.',
    ...(view.instructions ? [view.instructions] : []),
    'Hai 14 giorni da oggi per spedire i prodotti; ti rimborseremo entro 14 giorni dalla ricezione del recesso.',
  ];
}

/**
 * Queues in the withdrawal's transaction the shopper's acknowledgment (a durable medium, with the
 * date and time), the admins' mail, and every member's bell entry: they exist iff the withdrawal does.
 */
export async function queueWithdrawalMails(ctx: AppContext, trx: Db, audience: WithdrawalAudience, f: WithdrawalMailFacts) {
  const { brand, members } = audience;
  const when = romeDateTime(f.at);
  const rows = f.lines.map((l): [string, string] => [lineLabel(l), `${l.quantity} ${l.quantity === 1 ? 'pezzo' : 'pezzi'}`]);
  const orderUrl = f.order.public_token ? `${ctx.publicUrl()}/store/${encodeURIComponent(brand.slug)}/ordine/${f.order.public_token}` : null;
  const mails: Mail[] = [
    layoutMail({
      brand,
      to: f.email,
      subject: 'Abbiamo ricevuto il tuo recesso',
      lines: [
        `Ciao ${f.name}, abbiamo ricevuto il tuo recesso dall’ordine #${f.order.order_number} su ${brand.name}.`,
        `Recesso n. ${f.returnNumber}, ricevuto il ${when} (ora italiana).`,
        'Prodotti per cui hai esercitato il recesso:',
      ],
      rows,
      after: [...(f.reason ? [`Motivo indicato: ${f.reason}`] : []), ...returnSteps(f.view), 'Conserva questa e-mail: è la conferma del tuo recesso.'],
      action: orderUrl ? { label: 'Vedi il tuo ordine', url: orderUrl } : undefined,
    }),
  ];
  const title = withdrawalNotificationTitle(f.order.order_number, f.name);
  for (const m of members.filter((x) => x.mailsOrders)) {
    mails.push(
      layoutMail({
        brand,
        to: m.email,
        subject: `${title} su ${brand.name}`,
        lines: [
          `${f.name} (${f.email}) ha esercitato il recesso dall’ordine #${f.order.order_number} il ${when}.`,
          `Il reso n. ${f.returnNumber} è nello stato «Richiesto»: autorizzalo dalla sezione Resi.`,
        ],
        rows,
        after: f.reason ? [`Motivo indicato: ${f.reason}`] : [],
        action: { label: 'Apri il reso', url: `${ctx.publicUrl()}/dashboard/returns/${f.returnId}` },
      }),
    );
  }
  await ctx.mailer.enqueue(trx, mails);
  await recordNotification(trx, f.order.store_id, members, { kind: 'withdrawal', title, link: `/dashboard/returns/${f.returnId}` });
}
