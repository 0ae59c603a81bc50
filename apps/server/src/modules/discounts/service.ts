import type { Selectable } from 'kysely';
import { DISCOUNT_LIMITS, discountMsg, type DiscountCode, type DiscountCodeData } from '@vetrina/shared';
import { isUniqueViolation } from '../../db/index.js';
import type { DiscountCodesTable } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import type { AppContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditActor } from '../audit/service.js';
import { discountAudit } from './audit-entries.js';
import { discountsRepo } from './repo.js';

const toDiscount = (r: Selectable<DiscountCodesTable>): DiscountCode => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: Number(r.value),
  minOrderCents: Number(r.min_order_cents),
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  maxUses: r.max_uses === null ? null : Number(r.max_uses),
  maxUsesPerEmail: r.max_uses_per_email === null ? null : Number(r.max_uses_per_email),
  active: Boolean(r.active),
  uses: Number(r.uses),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Dates arrive with any offset; they are kept as UTC ISO text like every other time. */
const utc = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

/** The terms a merchant sets, as columns (the code is already uppercase: discountCodeSchema). */
const termsOf = (d: DiscountCodeData) => ({
  code: d.code,
  kind: d.kind,
  value: d.value,
  min_order_cents: d.minOrderCents,
  starts_at: utc(d.startsAt),
  ends_at: utc(d.endsAt),
  max_uses: d.maxUses,
  max_uses_per_email: d.maxUsesPerEmail,
  active: d.active ? 1 : 0,
});

/** The unique (store, code) index answers races too: two saves of the same code, one wins. */
async function guardDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(discountMsg.duplicate, { field: 'code' });
    throw err;
  }
}

/**
 * Codici sconto in the dashboard: the store's codes and their terms (orders count the uses). Every
 * change is recorded in 'Registro attività' in its own transaction, with the member who made it.
 */
export function discountsService(ctx: AppContext) {
  const repo = discountsRepo(ctx.db);

  async function get(storeId: string, discountId: string): Promise<DiscountCode> {
    const row = await repo.byId(storeId, discountId);
    if (!row) throw notFound(discountMsg.notFound);
    return toDiscount(row);
  }

  return {
    get,

    async list(storeId: string): Promise<DiscountCode[]> {
      return (await repo.listByStore(storeId, DISCOUNT_LIMITS.codesPerStore)).map(toDiscount);
    },

    async create(member: AuditActor, input: DiscountCodeData): Promise<DiscountCode> {
      const { storeId } = member;
      if ((await repo.countByStore(storeId)) >= DISCOUNT_LIMITS.codesPerStore) throw conflict(discountMsg.tooMany);
      const id = newId();
      const now = clock.iso();
      const terms = termsOf(input);
      await guardDuplicate(() =>
        ctx.db.transaction().execute(async (trx) => {
          await discountsRepo(trx).insert({ id, store_id: storeId, ...terms, created_at: now, updated_at: now });
          await discountAudit.created(trx, member, id, terms);
        }),
      );
      return get(storeId, id);
    },

    /** A code already used can change its terms: its uses stay, past orders keep the discount as placed. */
    async update(member: AuditActor, discountId: string, input: DiscountCodeData): Promise<DiscountCode> {
      const { storeId } = member;
      const terms = termsOf(input);
      await guardDuplicate(() =>
        ctx.db.transaction().execute(async (trx) => {
          const before = await discountsRepo(trx).byId(storeId, discountId);
          if (!before || !(await discountsRepo(trx).update(storeId, discountId, { ...terms, updated_at: clock.iso() }))) throw notFound(discountMsg.notFound);
          await discountAudit.changed(trx, member, discountId, before, terms);
        }),
      );
      return get(storeId, discountId);
    },

    async remove(member: AuditActor, discountId: string): Promise<void> {
      const { storeId } = member;
      await ctx.db.transaction().execute(async (trx) => {
        const before = await discountsRepo(trx).byId(storeId, discountId);
        if (!before || !(await discountsRepo(trx).remove(storeId, discountId))) throw notFound(discountMsg.notFound);
        await discountAudit.deleted(trx, member, discountId, before);
      });
    },
  };
}

export type DiscountsService = ReturnType<typeof discountsService>;
