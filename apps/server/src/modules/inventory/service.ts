import { byCodeUnits } from '@vetrina/shared/italian-format';
import { CATALOG_LIMITS, catalogMsg, checkoutMsg, stockEffect, type InventoryItem, type InventoryList, type OrderStatus } from '@vetrina/shared';
import { STOCK_HISTORY_PAGE_SIZE, type StockHistory, type StockReason } from '@vetrina/shared/stock-history';
import { isCheckViolation, type Db } from '../../db/index.js';
import type { WriteScope } from '../../db/write-scope.js';
import type { AppContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthUser, StoreMembership } from '../../plugins/guard.js';
import { inventoryRepo, inventoryUnits, recordMovements, type InventoryPageRow, type UnitAfter } from './repo.js';

export type { StockSource } from './repo.js';

/**
 * The stock rules, in one place (docs/decisions/0015-inventory-module.md): an open order holds its units
 * in `reserved`; shipping commits them (they leave `qty`); cancelling or expiring releases them.
 * Checkout, order status changes, the payment expiry job and Stripe's webhooks call only this.
 */

export interface StockLine {
  inventoryId: string;
  quantity: number;
  /** Named in the refusal ('Disponibilità insufficiente per "…"'). */
  title: string;
}

/** An order line as stored: the unit is found again from its product and variant. */
export interface OrderStockLine {
  productId: string | null;
  variantId: string | null;
  quantity: number;
  title: string;
}

export const outOfStock = (title: string) => new AppError(409, 'out_of_stock', checkoutMsg.insufficient(title), { title: 'Disponibilità insufficiente' });

/** "Available = qty − reserved" for a unit read into memory (in SQL: `availableUnitsSql`, ./repo.ts). */
export const availableUnits = (u: { qty: number; reserved: number }) => u.qty - u.reserved;

type Effect = ReturnType<typeof stockEffect>;

/** How one unit's counters move when an order goes from one stock effect to another. */
function delta(from: Effect, to: Effect, q: number) {
  const held = (e: Effect) => (e === 'reserved' ? q : 0);
  const gone = (e: Effect) => (e === 'shipped' ? q : 0);
  // Taking units that are not already the order's (it was cancelled) needs them to be free.
  return { qty: gone(from) - gone(to), reserved: held(to) - held(from), needFree: from === 'none' && to !== 'none' ? q : 0 };
}

/** Fixed lock order (by unit id) keeps concurrent multi-line orders free of deadlocks. */
const byUnit = <T extends { inventoryId: string }>(lines: T[]) => [...lines].sort((a, b) => byCodeUnits(a.inventoryId, b.inventoryId));

async function apply(step: () => Promise<UnitAfter | undefined>, title: string): Promise<UnitAfter> {
  let unit: UnitAfter | undefined;
  try {
    unit = await step();
  } catch (err) {
    if (isCheckViolation(err)) throw outOfStock(title);
    throw err;
  }
  if (!unit) throw outOfStock(title);
  return unit;
}

/** The order and, when the team did it, the member behind an order's stock change. */
export interface OrderStockSource {
  orderId: string;
  actorId?: string | null;
}

/** Why an order's status change moved stock, for the history. */
function reasonOf(from: OrderStatus, to: OrderStatus): StockReason {
  if (to === 'cancelled') return 'cancellation';
  if (from === 'cancelled') return 'reopen';
  return stockEffect(to) === 'shipped' ? 'shipment' : 'order_status';
}

export const inventory = {
  /**
   * Reserves every line in the caller's scope (its transaction), or refuses the whole order (409
   * out_of_stock). The order's history rows are one INSERT (the order row itself may come later in
   * the transaction), run at once or with the unit's other writes, as the scope says.
   */
  async reserve(scope: WriteScope, lines: StockLine[], source: OrderStockSource): Promise<void> {
    const moves = [];
    for (const line of byUnit(lines)) {
      const unit = await apply(() => inventoryUnits.reserve(scope, line.inventoryId, line.quantity), line.title);
      moves.push({ unit, qty: 0, reserved: line.quantity });
    }
    await recordMovements(scope, moves, { reason: 'order', ...source });
  },

  /**
   * PostgreSQL: reserves every line within the order's one statement (the scope's batch, run on
   * the database by itself): all lines or, if one is short, nothing of the statement stands and
   * `refusal` tells the shopper which. No transaction holds a unit's row across a round trip.
   */
  reserveInStatement(scope: WriteScope, lines: StockLine[], source: OrderStockSource): void {
    inventoryUnits.reserveInStatement(scope, byUnit(lines), { reason: 'order', ...source });
  },

  /** Why the order's one statement did not stand: the first line (in lock order) whose unit lacks the units now. */
  async refusal(db: Db, lines: StockLine[]): Promise<AppError> {
    const sorted = byUnit(lines);
    const counters = await inventoryUnits.countersOf(
      db,
      sorted.map((l) => l.inventoryId),
    );
    const short = sorted.find((l) => {
      const u = counters.find((c) => c.id === l.inventoryId);
      return !u || availableUnits(u) < l.quantity;
    });
    return outOfStock((short ?? sorted[0]!).title);
  },

  /**
   * Applies exactly the stock difference between an order's old and new status, in the caller's
   * transaction: moving back and forth can never create or lose stock. Lines whose product was
   * deleted have no stock left to move.
   */
  async followOrderStatus(
    trx: Db,
    storeId: string,
    lines: OrderStockLine[],
    from: OrderStatus,
    to: OrderStatus,
    source: OrderStockSource & { reason?: StockReason },
  ): Promise<void> {
    const productIds = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
    if (!productIds.length) return;
    const units = await inventoryUnits.unitsOf(trx, storeId, productIds);
    const moves = lines.flatMap((l) => {
      const unit = units.find((u) => u.product_id === l.productId && (u.variant_id ?? null) === (l.variantId ?? null));
      return unit ? [{ ...l, inventoryId: unit.id }] : [];
    });
    const moved = [];
    for (const m of byUnit(moves)) {
      const d = delta(stockEffect(from), stockEffect(to), m.quantity);
      if (d.qty === 0 && d.reserved === 0) continue;
      moved.push({ unit: await apply(() => inventoryUnits.move(trx, m.inventoryId, d), m.title), qty: d.qty, reserved: d.reserved });
    }
    if (moved.length) await recordMovements(trx, moved, { reason: source.reason ?? reasonOf(from, to), orderId: source.orderId, actorId: source.actorId });
  },

  /** Gives back everything an open order holds (cancelled by the payment deadline or by Stripe: 'expiry'). */
  release(
    trx: Db,
    storeId: string,
    lines: OrderStockLine[],
    from: OrderStatus,
    source: OrderStockSource & { reason: 'cancellation' | 'expiry' },
  ): Promise<void> {
    return inventory.followOrderStatus(trx, storeId, lines, from, 'cancelled', source);
  },

  /**
   * Puts returned units back on hand ('Ricevuto' on a return of a shipped order; history reason
   * 'return'), in the caller's transaction. Lines whose product or variant is gone have no unit to
   * go back to: the answer lists the lines that did go back.
   */
  async restock<L extends OrderStockLine>(trx: Db, storeId: string, lines: L[], source: OrderStockSource): Promise<L[]> {
    const productIds = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
    if (!productIds.length) return [];
    const units = await inventoryUnits.unitsOf(trx, storeId, productIds);
    const moves = lines.flatMap((l) => {
      const unit = l.quantity > 0 && units.find((u) => u.product_id === l.productId && (u.variant_id ?? null) === (l.variantId ?? null));
      return unit ? [{ line: l, inventoryId: unit.id }] : [];
    });
    const moved = [];
    for (const m of byUnit(moves)) {
      const d = { qty: m.line.quantity, reserved: 0, needFree: 0 };
      moved.push({ unit: await apply(() => inventoryUnits.move(trx, m.inventoryId, d), m.line.title), qty: d.qty, reserved: 0 });
    }
    if (moved.length) await recordMovements(trx, moved, { reason: 'return', orderId: source.orderId, actorId: source.actorId });
    return moves.map((m) => m.line);
  },
};

/**
 * The catalogue's steps on its sellable units, in the caller's transaction: a product or variant
 * gets its stock record, a new quantity, or loses it (the only writes of `inventory` besides orders').
 */
export const stockUnits = {
  create: inventoryUnits.create,
  createMany: inventoryUnits.createMany,
  setQty: inventoryUnits.setQty,
  productUnit: inventoryUnits.productUnit,
  retireProductUnit: inventoryUnits.retireProductUnit,
  retireVariantUnit: inventoryUnits.retireVariantUnit,
  restoreProductUnit: inventoryUnits.restoreProductUnit,
  unitsOf: inventoryUnits.unitsOf,
};

/** The caller of the inventory page: the store, and the member named in the history. */
type Member = Pick<StoreMembership, 'storeId'> & { user: Pick<AuthUser, 'id'> };

type ThumbOf = (productId: string, variantId: string | null) => string | null;

const toItem = (r: InventoryPageRow, thumb: ThumbOf): InventoryItem => ({
  id: r.id,
  productId: r.product_id,
  productTitle: r.title,
  variantId: r.variant_id,
  variantLabel: r.label,
  sku: r.variant_sku ?? r.product_sku,
  qty: r.qty,
  reserved: r.reserved,
  available: availableUnits(r),
  thumbUrl: thumb(r.product_id, r.variant_id),
});

/** The inventory page ('Magazzino') and a unit's 'Storico'. */
export function inventoryService(ctx: Pick<AppContext, 'db'>) {
  const repo = inventoryRepo(ctx.db);

  /** Thumbnails for a page of rows: the variant's own image, else the product's cover. */
  async function thumbsOf(productIds: string[], variantIds: string[]): Promise<ThumbOf> {
    const rows = await repo.thumbs(productIds, variantIds);
    const byVariant = new Map(rows.filter((r) => r.variant_id).map((r) => [r.variant_id, r.thumb_url]));
    const byProduct = new Map(rows.filter((r) => !r.variant_id).map((r) => [r.product_id, r.thumb_url]));
    return (productId: string, variantId: string | null) => (variantId && byVariant.get(variantId)) || byProduct.get(productId) || null;
  }

  return {
    /** One row per sellable unit, newest products first, a page at a time; totals cover the whole store. */
    async list(member: Pick<Member, 'storeId'>, f: { page: number; q: string }): Promise<InventoryList> {
      const pageSize = CATALOG_LIMITS.inventoryPageSize;
      const [{ rows, count }, sums] = await Promise.all([
        repo.page(member.storeId, { q: f.q, limit: pageSize, offset: (f.page - 1) * pageSize }),
        repo.totals(member.storeId),
      ]);
      const thumb = await thumbsOf(
        [...new Set(rows.map((r) => r.product_id))],
        rows.flatMap((r) => (r.variant_id ? [r.variant_id] : [])),
      );
      return {
        items: rows.map((r) => toItem(r, thumb)),
        total: count,
        page: f.page,
        pageSize,
        totals: { total: sums.qty, reserved: sums.reserved, available: availableUnits(sums) },
      };
    },

    /** The inventory page's edit: the member is named in the unit's history. */
    async setQty(member: Member, inventoryId: string, qty: number): Promise<InventoryItem> {
      await ctx.db.transaction().execute((trx) => inventoryUnits.setQty(trx, member.storeId, inventoryId, qty, { reason: 'manual', actorId: member.user.id }));
      const r = await repo.pageRow(member.storeId, inventoryId);
      if (!r) throw notFound(catalogMsg.inventoryNotFound);
      return toItem(r, await thumbsOf([r.product_id], r.variant_id ? [r.variant_id] : []));
    },

    /**
     * One unit's 'Storico', newest first, a page at a time. The order is named by its number only and
     * the actor is a team member (shoppers never get one), so no shopper's details leave here.
     */
    async history(member: Pick<Member, 'storeId'>, inventoryId: string, page: number): Promise<StockHistory> {
      if (!(await repo.isStoreUnit(member.storeId, inventoryId))) throw notFound(catalogMsg.inventoryNotFound);
      const pageSize = STOCK_HISTORY_PAGE_SIZE;
      const { rows, count } = await repo.movements(member.storeId, inventoryId, { limit: pageSize, offset: (page - 1) * pageSize });
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          createdAt: r.created_at,
          reason: r.reason,
          qtyChange: r.qty_change,
          reservedChange: r.reserved_change,
          qtyAfter: r.qty_after,
          reservedAfter: r.reserved_after,
          order: r.order_id && r.order_number !== null ? { id: r.order_id, number: r.order_number } : null,
          actor: r.actor_email ? { email: r.actor_email } : null,
        })),
        total: count,
        page,
        pageSize,
      };
    },
  };
}
export type InventoryService = ReturnType<typeof inventoryService>;
