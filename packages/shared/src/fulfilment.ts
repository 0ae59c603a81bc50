import { z } from 'zod';

/**
 * Shipping an order (docs/decisions/0019-fulfilment.md): the carriers an Italian shop uses, the public
 * page where a shopper follows each parcel, and the rules for what the team types when it ships.
 */
export const CARRIERS = ['brt', 'gls', 'poste', 'sda', 'dhl', 'ups', 'altro'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  brt: 'BRT',
  gls: 'GLS',
  poste: 'Poste Italiane',
  sda: 'SDA',
  dhl: 'DHL',
  ups: 'UPS',
  altro: 'Altro',
};

/**
 * Each carrier's public tracking page, `{n}` standing for the tracking number. 'Altro' has none:
 * the team may give the link itself.
 */
export const CARRIER_TRACKING_PATTERNS: Record<Exclude<Carrier, 'altro'>, string> = {
  brt: 'https://www.mybrt.it/it/mybrt/my-parcels/search?lang=it&parcelNumber={n}',
  gls: 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match={n}',
  poste: 'https://www.poste.it/cerca/index.html#/risultati-spedizioni/{n}',
  sda: 'https://www.sda.it/wps/portal/Servizi_online/dettaglio-spedizione?locale=it&tracing.letteraVettura={n}',
  dhl: 'https://www.dhl.com/it-it/home/tracciabilita.html?tracking-id={n}',
  ups: 'https://www.ups.com/track?loc=it_IT&tracknum={n}',
};

/** The carrier's tracking page for this number; null for 'Altro' or without a number. */
export function trackingUrl(carrier: Carrier, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (carrier === 'altro' || !number) return null;
  return CARRIER_TRACKING_PATTERNS[carrier].replace('{n}', encodeURIComponent(number));
}

/** What the shopper reads on the order page and in the mail ('Spedito con BRT'). */
export const shippedWith = (carrier: Carrier) => (carrier === 'altro' ? 'Spedito con corriere' : `Spedito con ${CARRIER_LABELS[carrier]}`);

export const TRACKING_NUMBER_MIN = 3;
export const TRACKING_NUMBER_MAX = 40;
export const TRACKING_URL_MAX = 500;
const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;

export const fulfilmentMsg = {
  carrier: 'Scegli un corriere',
  trackingNumber: `Numero di tracking non valido: da ${TRACKING_NUMBER_MIN} a ${TRACKING_NUMBER_MAX} caratteri, solo lettere, numeri e trattini`,
  trackingUrl: 'Link di tracking non valido: deve essere un indirizzo https://',
  trackingUrlOnlyOther: 'Il link di tracking si indica solo con il corriere “Altro”: per gli altri lo creiamo noi',
  shipmentOnlyWhenShipped: 'Corriere e tracking si indicano solo quando l’ordine passa a “Spedito”',
  notShipped: 'Puoi indicare la spedizione solo di un ordine spedito o consegnato',
} as const;

export const carrierSchema = z.enum(CARRIERS, { error: fulfilmentMsg.carrier });

/** Optional text of a form: '' (an empty field) and null both mean "none". */
const trackingNumberSchema = z
  .string({ error: fulfilmentMsg.trackingNumber })
  .trim()
  .max(TRACKING_NUMBER_MAX, fulfilmentMsg.trackingNumber)
  .refine((v) => v === '' || (v.length >= TRACKING_NUMBER_MIN && TRACKING_NUMBER_PATTERN.test(v)), fulfilmentMsg.trackingNumber)
  .transform((v) => v || null)
  .nullish();

const trackingUrlSchema = z
  .string({ error: fulfilmentMsg.trackingUrl })
  .trim()
  .max(TRACKING_URL_MAX, fulfilmentMsg.trackingUrl)
  .refine((v) => v === '' || isHttpsUrl(v), fulfilmentMsg.trackingUrl)
  .transform((v) => v || null)
  .nullish();

function isHttpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * What the team gives when it ships (the 'Spedito' dialog and the shipment's edit): the carrier,
 * the tracking number if any, and for 'Altro' optionally the page where the parcel is followed.
 */
export const shipmentInputSchema = z
  .strictObject({
    carrier: carrierSchema,
    trackingNumber: trackingNumberSchema,
    trackingUrl: trackingUrlSchema,
  })
  .superRefine((v, ctx) => {
    if (v.trackingUrl && v.carrier !== 'altro') ctx.addIssue({ code: 'custom', path: ['trackingUrl'], message: fulfilmentMsg.trackingUrlOnlyOther });
  });
export type ShipmentInput = z.input<typeof shipmentInputSchema>;
export type ShipmentValues = z.output<typeof shipmentInputSchema>;

/** An order's shipment as the team and the shopper see it (null fields: not given). */
export const shipmentSchema = z.object({
  carrier: carrierSchema.nullable(),
  /** 'BRT', 'Poste Italiane'…; null when shipped without naming the carrier. */
  carrierLabel: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Where to follow the parcel: built from the carrier's pattern, or the link given for 'Altro'. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The link to follow the parcel: the carrier's page, or for 'Altro' the one the team gave. */
export function shipmentTrackingUrl(s: { carrier: Carrier | null; trackingNumber: string | null; customUrl: string | null }): string | null {
  if (!s.carrier) return null;
  return s.carrier === 'altro' ? s.customUrl : trackingUrl(s.carrier, s.trackingNumber);
}
