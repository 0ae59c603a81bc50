import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { layoutMail, type MailBrand } from '../mail/templates.js';
import { recordNotification, type NotifiedMember } from './service.js';

/** Who a store's message notices go to, read before the message's transaction. */
export interface MessageAudience {
  brand: MailBrand;
  members: NotifiedMember[];
}

export interface MessageNotice {
  /** 'Nuovo messaggio da Maria': the bell's line and the mail's subject. */
  title: string;
  /** Who wrote, as the mail's first line says it. */
  intro: string;
  /** The message as the visitor typed it (the mail's HTML part escapes it). */
  text: string;
}

/**
 * A message from the public: every member's bell lists it, and the admins who want it get a mail
 * with the text and a link to Messaggi. Written with the message's own transaction.
 */
export async function queueMessageNotice(ctx: AppContext, trx: Db, storeId: string, audience: MessageAudience, notice: MessageNotice) {
  await recordNotification(trx, storeId, audience.members, { kind: 'message', title: notice.title, link: '/dashboard/messages' });
  const url = `${ctx.publicUrl()}/dashboard/messages`;
  await ctx.mailer.enqueue(
    trx,
    audience.members
      .filter((m) => m.mailsMessages)
      .map((m) =>
        layoutMail({
          brand: audience.brand,
          to: m.email,
          subject: notice.title,
          lines: [notice.intro, notice.text],
          after: ['Puoi disattivare queste email dal tuo profilo.'],
          action: { label: 'Apri i messaggi', url },
        }),
      ),
  );
}
