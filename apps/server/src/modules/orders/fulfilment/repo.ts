import type { Selectable } from 'kysely';
import { CARRIER_LABELS, shipmentTrackingUrl, type Shipment, type ShipmentValues } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { OrderShipmentsTable } from '../../../db/schema.js';
import { clock } from '../../../lib/clock.js';

type ShipmentRow = Selectable<OrderShipmentsTable>;

/** The stored row as the team and the shopper see it (the link built here, never stored). */
export function toShipment(r: ShipmentRow): Shipment {
  return {
    carrier: r.carrier,
    carrierLabel: r.carrier ? CARRIER_LABELS[r.carrier] : null,
    trackingNumber: r.tracking_number,
    trackingUrl: shipmentTrackingUrl({ carrier: r.carrier, trackingNumber: r.tracking_number, customUrl: r.tracking_url }),
    shippedAt: r.shipped_at,
    deliveredAt: r.delivered_at,
  };
}

/** The only SQL on order_shipments; every call names the store. */
export function fulfilmentRepo(db: Db) {
  const repo = {
    find(storeId: string, orderId: string) {
      return db.selectFrom('order_shipments').selectAll().where('order_id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
    },

    async shipmentOf(storeId: string, orderId: string): Promise<Shipment | null> {
      const row = await repo.find(storeId, orderId);
      return row ? toShipment(row) : null;
    },

    /** Writes what the team gave (carrier, number, Altro's link), keeping the times. */
    async saveDetails(storeId: string, orderId: string, s: ShipmentValues) {
      const now = clock.iso();
      const details = { carrier: s.carrier, tracking_number: s.trackingNumber ?? null, tracking_url: s.trackingUrl ?? null };
      await db
        .insertInto('order_shipments')
        .values({ order_id: orderId, store_id: storeId, ...details, shipped_at: null, delivered_at: null, updated_at: now })
        .onConflict((oc) => oc.column('order_id').doUpdateSet({ ...details, updated_at: now }))
        .execute();
    },

    /**
     * Records when the order became shipped or delivered (the latest time if it went back and forth;
     * shipped again means not delivered yet).
     */
    async stamp(storeId: string, orderId: string, event: 'shipped' | 'delivered') {
      const now = clock.iso();
      const times = event === 'shipped' ? { shipped_at: now, delivered_at: null } : { delivered_at: now };
      await db
        .insertInto('order_shipments')
        .values({ order_id: orderId, store_id: storeId, carrier: null, tracking_number: null, tracking_url: null, shipped_at: null, ...times, updated_at: now })
        .onConflict((oc) => oc.column('order_id').doUpdateSet({ ...times, updated_at: now }))
        .execute();
    },
  };
  return repo;
}

export type FulfilmentRepo = ReturnType<typeof fulfilmentRepo>;
