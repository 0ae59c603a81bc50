import { canonicalEmail } from '@vetrina/shared/email-canonical';
import { discountAvailability, discountCentsFor, discountMsg, type AppliedDiscount } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { DiscountCodesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { AppError, badRequest } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { discountsRepo } from './repo.js';

type CodeRow = Selectable<DiscountCodesTable>;

/** A code the shopper may use on this order, as the checkout applies it. */
export interface AcceptedDiscount {
  id: string;
  applied: AppliedDiscount;
}

const refused = (message: string) => badRequest(message, 'discountCode');
const exhausted = () => new AppError(409, 'discount_exhausted', discountMsg.exhausted, { field: 'discountCode', title: 'Codice sconto non applicato' });
const usedByShopper = () => new AppError(409, 'discount_used', discountMsg.perEmail, { field: 'discountCode', title: 'Codice sconto non applicato' });

/** The rules that do not change while the order is written: the code, its window and its minimum. */
function check(row: CodeRow | undefined, subtotalCents: number, nowMs: number): AcceptedDiscount {
  const availability = row
    ? discountAvailability({ active: Boolean(row.active), startsAt: row.starts_at, endsAt: row.ends_at, uses: row.uses, maxUses: row.max_uses }, nowMs)
    : 'inactive';
  // Not started yet reads as not valid: the shopper cannot tell a future code from a wrong one.
  if (!row || availability === 'inactive' || availability === 'not_started') throw refused(discountMsg.invalid);
  if (availability === 'expired') throw refused(discountMsg.expired);
  if (subtotalCents < row.min_order_cents) throw refused(discountMsg.minOrder(row.min_order_cents));
  if (availability === 'exhausted') throw exhausted();
  return { id: row.id, applied: { code: row.code, kind: row.kind, value: row.value } };
}

/**
 * A shopper's use of a discount code: checked before the order (cart, checkout page, the order's
 * pricing) and counted inside the order's transaction, where only a conditional update can take
 * the last use. A refused code refuses the whole order: the shopper saw a total with it.
 */
export function discountRedemption(db: Db) {
  const repo = discountsRepo(db);
  return {
    /** Checks a code for a cart and an optional e-mail; the answer is what the discount takes off. */
    async evaluate(storeId: string, code: string, subtotalCents: number, email?: string): Promise<AcceptedDiscount & { discountCents: number }> {
      const row = await repo.byCode(storeId, code);
      const accepted = check(row, subtotalCents, clock.nowMs());
      if (email && row!.max_uses_per_email !== null && (await repo.usesBy(db, row!.id, canonicalEmail(email))) >= row!.max_uses_per_email) {
        throw usedByShopper();
      }
      return { ...accepted, discountCents: discountCentsFor(subtotalCents, accepted.applied) };
    },

    /**
     * Counts the use for an order already written in `trx`. The counter is raised first: on
     * PostgreSQL that locks the code's row until the commit, so the per-e-mail count that follows
     * sees every earlier order with this code, and two orders of one shopper cannot both pass.
     */
    async redeem(trx: Db, use: { discountId: string; orderId: string; email: string }) {
      if (!(await repo.claimUse(trx, use.discountId))) throw exhausted();
      // One mailbox is one shopper: '+tags' and Gmail's dots do not make new ones.
      const email = canonicalEmail(use.email);
      const perEmail = await repo.perEmailLimit(trx, use.discountId);
      if (perEmail !== null && (await repo.usesBy(trx, use.discountId, email)) >= perEmail) throw usedByShopper();
      await repo.recordUse(trx, { discountId: use.discountId, orderId: use.orderId, email, at: clock.iso() });
    },
  };
}
