import {
  DEFAULT_SHIPPING,
  formatEuro,
  destinationNamed,
  shippingDestinations,
  shippingMsg,
  shippingSettingsSchema,
  type ShippingDestination,
  type ShippingSettings,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { audit, changedFields, type AuditActor } from '../audit/service.js';
import { shippingRepo } from './repo.js';

/** Each destination's rate as 'Registro attività' shows it: '5,99 € (gratuita da 50,00 €)'. */
function ratesByDestination(s: ShippingSettings): Record<string, { label: string; text: string }> {
  const out: Record<string, { label: string; text: string }> = {};
  for (const d of shippingDestinations(s)) {
    const free = d.freeAboveCents === null ? '' : ` (gratuita da ${formatEuro(d.freeAboveCents)})`;
    out[d.code] = { label: `Spedizione ${d.name}`, text: `${formatEuro(d.rateCents)}${free}` };
  }
  return out;
}

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
    async save(actor: AuditActor, input: ShippingSettings): Promise<ShippingSettings> {
      const before = ratesByDestination(await get(actor.storeId));
      const after = ratesByDestination(input);
      const labels = Object.fromEntries(Object.entries({ ...before, ...after }).map(([code, d]) => [code, d.label]));
      const text = (rates: typeof before) => Object.fromEntries(Object.keys(labels).map((code) => [code, rates[code]?.text ?? null]));
      const changes = changedFields(text(before), text(after), labels);
      await ctx.db.transaction().execute(async (trx) => {
        await repo.save(actor.storeId, JSON.stringify(input), trx);
        if (changes.length)
          await audit.record(trx, actor, { kind: 'settings', action: 'shipping.updated', summary: 'Tariffe di spedizione modificate', changes });
      });
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
