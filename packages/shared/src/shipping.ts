import { z } from 'zod';
import { LIMITS } from './constants.js';
import { compareItalian } from './italian-format.js';
import { formatEuro } from './pricing.js';
import type { ShippingDestination } from './shipping-text.js';

/**
 * Where a store ships and what it costs (Impostazioni → Spedizioni). Italy is always a destination;
 * the other EU countries are opt-in, each with its own rate. A store that never saved the settings
 * ships to Italy only at the spec's flat 5,99 €.
 */

/** The EU member states by their Italian names, as the checkout shows them. Italy first. */
export const EU_COUNTRIES = [
  { code: 'IT', name: 'Italia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgio' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CY', name: 'Cipro' },
  { code: 'HR', name: 'Croazia' },
  { code: 'DK', name: 'Danimarca' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finlandia' },
  { code: 'FR', name: 'Francia' },
  { code: 'DE', name: 'Germania' },
  { code: 'GR', name: 'Grecia' },
  { code: 'IE', name: 'Irlanda' },
  { code: 'LV', name: 'Lettonia' },
  { code: 'LT', name: 'Lituania' },
  { code: 'LU', name: 'Lussemburgo' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Paesi Bassi' },
  { code: 'PL', name: 'Polonia' },
  { code: 'PT', name: 'Portogallo' },
  { code: 'CZ', name: 'Repubblica Ceca' },
  { code: 'RO', name: 'Romania' },
  { code: 'SK', name: 'Slovacchia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spagna' },
  { code: 'SE', name: 'Svezia' },
  { code: 'HU', name: 'Ungheria' },
] as const;
export type CountryCode = (typeof EU_COUNTRIES)[number]['code'];
export const DOMESTIC_COUNTRY = 'Italia';

export const SHIPPING_LIMITS = {
  rateMaxCents: 100_000,
  freeAboveMaxCents: 10_000_000,
  defaultRateCents: LIMITS.shippingCents,
} as const;

export const shippingMsg = {
  rate: `La tariffa deve essere tra 0,00 € e ${formatEuro(SHIPPING_LIMITS.rateMaxCents)}`,
  freeAbove: `La soglia deve essere tra 0,01 € e ${formatEuro(SHIPPING_LIMITS.freeAboveMaxCents)}`,
  country: 'Paese non valido',
  duplicateCountry: 'Ogni paese può comparire una sola volta',
  notShipped: 'Non spediamo in questo paese',
} as const;

/** One destination a shopper can choose, with its rate and optional free-shipping threshold. */
export const shippingDestinationSchema = z.object({
  code: z.string(),
  name: z.string(),
  rateCents: z.number().int(),
  freeAboveCents: z.number().int().nullable(),
});
export * from './shipping-text.js';

const rate = z.number({ error: shippingMsg.rate }).int(shippingMsg.rate).min(0, shippingMsg.rate).max(SHIPPING_LIMITS.rateMaxCents, shippingMsg.rate);
const freeAbove = z
  .number({ error: shippingMsg.freeAbove })
  .int(shippingMsg.freeAbove)
  .min(1, shippingMsg.freeAbove)
  .max(SHIPPING_LIMITS.freeAboveMaxCents, shippingMsg.freeAbove)
  .nullable();
const foreignCodes = EU_COUNTRIES.filter((c) => c.code !== 'IT').map((c) => c.code) as [string, ...string[]];

export const shippingSettingsSchema = z
  .strictObject({
    domestic: z.strictObject({ rateCents: rate, freeAboveCents: freeAbove }),
    /** Other EU countries the store ships to; Italy is always one (domestic). */
    countries: z
      .array(z.strictObject({ code: z.enum(foreignCodes, { error: shippingMsg.country }), rateCents: rate, freeAboveCents: freeAbove }), {
        error: shippingMsg.country,
      })
      .max(foreignCodes.length, shippingMsg.country),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.countries.map((c) => c.code)).size !== s.countries.length) {
      ctx.addIssue({ code: 'custom', message: shippingMsg.duplicateCountry, path: ['countries'] });
    }
  });
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;
export const shippingSettingsResponseSchema = z.object({ settings: shippingSettingsSchema });

export const DEFAULT_SHIPPING: ShippingSettings = {
  domestic: { rateCents: SHIPPING_LIMITS.defaultRateCents, freeAboveCents: null },
  countries: [],
};

const countryName = (code: string) => EU_COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The destinations a shopper can pick at checkout, Italy first, the others by name. */
export function shippingDestinations(s: ShippingSettings): ShippingDestination[] {
  const foreign = s.countries
    .map((c) => ({ code: c.code, name: countryName(c.code), rateCents: c.rateCents, freeAboveCents: c.freeAboveCents }))
    .sort((a, b) => compareItalian(a.name, b.name));
  return [{ code: 'IT', name: DOMESTIC_COUNTRY, ...s.domestic }, ...foreign];
}
