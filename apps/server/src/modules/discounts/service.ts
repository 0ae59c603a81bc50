import type { Selectable } from 'kysely';
import { DISCOUNT_LIMITS, discountMsg, type DiscountCode, type DiscountCodeData } from '@vetrina/shared';
import { isUniqueViolation } from '../../db/index.js';
import type { DiscountCodesTable } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import type { AppContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
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

/** Codici sconto in the dashboard: the store's codes and their terms (orders count the uses). */
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

    async create(storeId: string, input: DiscountCodeData): Promise<DiscountCode> {
      if ((await repo.countByStore(storeId)) >= DISCOUNT_LIMITS.codesPerStore) throw conflict(discountMsg.tooMany);
      const id = newId();
      const now = clock.iso();
      await guardDuplicate(() => repo.insert({ id, store_id: storeId, ...termsOf(input), created_at: now, updated_at: now }));
      return get(storeId, id);
    },

    /** A code already used can change its terms: its uses stay, past orders keep the discount as placed. */
    async update(storeId: string, discountId: string, input: DiscountCodeData): Promise<DiscountCode> {
      const found = await guardDuplicate(() => repo.update(storeId, discountId, { ...termsOf(input), updated_at: clock.iso() }));
      if (!found) throw notFound(discountMsg.notFound);
      return get(storeId, discountId);
    },

    async remove(storeId: string, discountId: string): Promise<void> {
      if (!(await repo.remove(storeId, discountId))) throw notFound(discountMsg.notFound);
    },
  };
}

export type DiscountsService = ReturnType<typeof discountsService>;
