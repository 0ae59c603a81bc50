import {
  DEFAULT_SHIPPING,
  destinationNamed,
  shippingDestinations,
  shippingMsg,
  shippingSettingsSchema,
  type ShippingDestination,
  type ShippingSettings,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { shippingRepo } from './repo.js';

/** Stored JSON read back through the schema: a row that no longer parses falls back to the default. */
function parseStored(raw: string | undefined): ShippingSettings {
  if (!raw) return DEFAULT_SHIPPING;
  try {
    const parsed = shippingSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SHIPPING;
  } catch {
    return DEFAULT_SHIPPING;
  }
}

/** The destination named `country` among a store's destinations; a country it does not ship to is refused. */
export function destinationIn(destinations: ShippingDestination[], country: string): ShippingDestination {
  const found = destinationNamed(destinations, country);
  if (!found) throw badRequest(shippingMsg.notShipped, 'country');
  return found;
}

/** Where a store ships and at what cost (Impostazioni → Spedizioni); the checkout prices from here. */
export function shippingService(ctx: AppContext) {
  const repo = shippingRepo(ctx.db);
  const get = async (storeId: string): Promise<ShippingSettings> => parseStored(await repo.find(storeId));
  return {
    get,

    /** Saves the settings (the store's cached pages are dropped by the member-write hook in app.ts). */
    async save(storeId: string, input: ShippingSettings): Promise<ShippingSettings> {
      await repo.save(storeId, JSON.stringify(input));
      return input;
    },

    /** The destinations a shopper may choose, Italy first. */
    async destinations(storeId: string): Promise<ShippingDestination[]> {
      return shippingDestinations(await get(storeId));
    },

    /** The destination of a checkout by its Italian name; a country the store does not ship to is refused. */
    async destinationFor(storeId: string, country: string): Promise<ShippingDestination> {
      return destinationIn(shippingDestinations(await get(storeId)), country);
    },
  };
}
