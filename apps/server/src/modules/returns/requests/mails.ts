import { returnRequestsMsg } from '@vetrina/shared/returns';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { layoutMail } from '../../mail/templates.js';
import { storeMailBrand } from '../../stores/service.js';

/**
 * 'Rifiutato': the shopper's mail with the team's reason, queued in the transaction that rejects
 * the return (the mail exists iff the rejection does). layoutMail escapes every line for HTML.
 */
export async function queueRejectionMail(
  ctx: AppContext,
  trx: Db,
  storeId: string,
  r: { number: number; orderNumber: number; customerName: string; customerEmail: string; rejectReason: string },
) {
  const brand = await storeMailBrand(ctx, trx, storeId);
  await ctx.mailer.enqueue(trx, [
    layoutMail({
      brand,
      to: r.customerEmail,
      subject: returnRequestsMsg.rejectSubject(r.number),
      lines: [
        `Ciao ${r.customerName}, abbiamo esaminato il tuo reso n. ${r.number} dell’ordine #${r.orderNumber} su ${brand.name} e non possiamo accettarlo.`,
        `Motivo: ${r.rejectReason}`,
        'Per qualsiasi domanda scrivici dal negozio.',
      ],
    }),
  ]);
}
