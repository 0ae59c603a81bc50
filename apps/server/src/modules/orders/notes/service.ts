import type { OrderNoteInput } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { orderNotesRepo } from './repo.js';
import { ordersRepo } from '../repo.js';

/** The team's 'Note interne' on an order: written by members who may change orders, never shown to the shopper. */
export function orderNotesService(ctx: AppContext) {
  return {
    async add(storeId: string, orderId: string, input: OrderNoteInput, authorId: string): Promise<string> {
      return ctx.db.transaction().execute(async (trx) => {
        // Loaded through the store: another store's order is simply not found.
        const order = await ordersRepo(trx).find(storeId, orderId);
        if (!order) throw notFound('Ordine non trovato');
        return orderNotesRepo(trx).add({ storeId, orderId, authorId, body: input.body, at: clock.iso() });
      });
    },
  };
}
