import { z } from 'zod';
import { formatNumber } from './italian-format.js';
import { formatEuro } from './pricing.js';
import { DISCOUNT_KINDS, type DiscountKind } from './discount-text.js';

/**
 * Discount codes ('Codici sconto'): a percentage or a fixed amount off the goods, with a minimum
 * order, a validity window, a total number of uses and a number of uses per e-mail. The server
 * validates a code and counts its use in the order's transaction.
 */

export { DISCOUNT_KINDS, discountLabel, type DiscountKind } from './discount-text.js';
export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percentuale', fixed: 'Importo fisso' };

export const DISCOUNT_LIMITS = {
  codeMin: 3,
  codeMax: 30,
  fixedMaxCents: 10_000_000,
  minOrderMaxCents: 10_000_000,
  usesMax: 1_000_000,
  /** Keeps the dashboard's list one bounded page. */
  codesPerStore: 500,
} as const;

export const discountMsg = {
  invalid: 'Codice non valido',
  expired: 'Codice scaduto',
  minOrder: (minCents: number) => `Ordine minimo di ${formatEuro(minCents)} per questo codice`,
  exhausted: 'Codice esaurito',
  perEmail: 'Hai già usato questo codice il numero massimo di volte consentito',
  code: `Il codice deve avere da ${DISCOUNT_LIMITS.codeMin} a ${DISCOUNT_LIMITS.codeMax} caratteri: lettere senza accenti, cifre, trattino o trattino basso, senza spazi`,
  percent: 'La percentuale deve essere un numero intero tra 1 e 100',
  fixed: `L’importo dello sconto deve essere tra 0,01 € e ${formatEuro(DISCOUNT_LIMITS.fixedMaxCents)}`,
  minOrderCents: `L’ordine minimo deve essere tra 0,00 € e ${formatEuro(DISCOUNT_LIMITS.minOrderMaxCents)}`,
  dates: 'Data non valida',
  endBeforeStart: 'La data di fine deve essere successiva alla data di inizio',
  uses: `Il numero di utilizzi deve essere un numero intero tra 1 e ${formatNumber(DISCOUNT_LIMITS.usesMax)}`,
  duplicate: 'Esiste già un codice con questo nome',
  notFound: 'Codice sconto non trovato',
  value: 'Inserisci il valore dello sconto',
  tooMany: `Hai raggiunto il numero massimo di ${DISCOUNT_LIMITS.codesPerStore} codici sconto: elimina quelli che non usi più`,
} as const;

/** Codes are typed by shoppers: case does not matter, surrounding spaces are dropped; stored uppercase. */
export const normaliseDiscountCode = (raw: string): string => raw.trim().toUpperCase();
const CODE_RE = /^[A-Z0-9_-]+$/;

/** A code as a shopper types it (cart, checkout): anything else is simply 'Codice non valido'. */
export const discountCodeInputSchema = z
  .string({ error: discountMsg.invalid })
  .max(100, discountMsg.invalid)
  .transform(normaliseDiscountCode)
  .refine((c) => c.length >= DISCOUNT_LIMITS.codeMin && c.length <= DISCOUNT_LIMITS.codeMax && CODE_RE.test(c), discountMsg.invalid);

const isoDate = z.iso.datetime({ offset: true, error: discountMsg.dates });
const uses = z.number({ error: discountMsg.uses }).int(discountMsg.uses).min(1, discountMsg.uses).max(DISCOUNT_LIMITS.usesMax, discountMsg.uses);

/** The dashboard's form and the API body for creating or editing a code. */
export const discountCodeSchema = z
  .strictObject({
    code: z
      .string({ error: discountMsg.code })
      .max(100, discountMsg.code)
      .transform(normaliseDiscountCode)
      .refine((c) => c.length >= DISCOUNT_LIMITS.codeMin && c.length <= DISCOUNT_LIMITS.codeMax && CODE_RE.test(c), discountMsg.code),
    kind: z.enum(DISCOUNT_KINDS, { error: 'Tipo di sconto non valido' }),
    /** Percent (1–100) or cents, by kind; whole number and range are checked below, by kind. */
    value: z.number({ error: discountMsg.value }),
    minOrderCents: z
      .number({ error: discountMsg.minOrderCents })
      .int(discountMsg.minOrderCents)
      .min(0, discountMsg.minOrderCents)
      .max(DISCOUNT_LIMITS.minOrderMaxCents, discountMsg.minOrderCents),
    startsAt: isoDate.nullable(),
    endsAt: isoDate.nullable(),
    maxUses: uses.nullable(),
    maxUsesPerEmail: uses.nullable(),
    active: z.boolean(),
  })
  .superRefine((d, ctx) => {
    const whole = Number.isInteger(d.value);
    if (d.kind === 'percent' && (!whole || d.value < 1 || d.value > 100)) ctx.addIssue({ code: 'custom', message: discountMsg.percent, path: ['value'] });
    if (d.kind === 'fixed' && (!whole || d.value < 1 || d.value > DISCOUNT_LIMITS.fixedMaxCents))
      ctx.addIssue({ code: 'custom', message: discountMsg.fixed, path: ['value'] });
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt)) {
      ctx.addIssue({ code: 'custom', message: discountMsg.endBeforeStart, path: ['endsAt'] });
    }
  });
export type DiscountCodeInput = z.input<typeof discountCodeSchema>;
export type DiscountCodeData = z.output<typeof discountCodeSchema>;

export const discountCodeResponseSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  minOrderCents: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmail: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders that used it (cancelled ones included: the use was counted when the order was placed). */
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeResponseSchema>;
export const discountCodesListSchema = z.object({ items: z.array(discountCodeResponseSchema) });
export const discountCodeItemSchema = z.object({ discount: discountCodeResponseSchema });

/** What a code does to an order, once the server accepted it (the pricing function applies it). */
export const appliedDiscountSchema = z.object({ code: z.string(), kind: z.enum(DISCOUNT_KINDS), value: z.number().int() });
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

/** Storefront: checks a code against the cart before the order (the order checks it again). */
export const discountCheckSchema = z.strictObject({
  code: discountCodeInputSchema,
  subtotalCents: z.number({ error: discountMsg.invalid }).int().min(0).max(1_000_000_000),
  email: z.string().trim().max(255).email().optional().or(z.literal('')),
});
export type DiscountCheckInput = z.input<typeof discountCheckSchema>;
export const discountCheckResultSchema = z.object({ discount: appliedDiscountSchema, discountCents: z.number().int() });

/**
 * Whether a code can be used right now, apart from the cart (its minimum order): one rule for the
 * checkout, which refuses it, and the dashboard, which warns beside 'Attivo'.
 */
export type DiscountAvailability = 'inactive' | 'not_started' | 'expired' | 'exhausted' | 'available';
export function discountAvailability(
  d: { active: boolean; startsAt: string | null; endsAt: string | null; uses: number; maxUses: number | null },
  nowMs: number,
): DiscountAvailability {
  if (!d.active) return 'inactive';
  if (d.startsAt && Date.parse(d.startsAt) > nowMs) return 'not_started';
  if (d.endsAt && Date.parse(d.endsAt) <= nowMs) return 'expired';
  if (d.maxUses !== null && d.uses >= d.maxUses) return 'exhausted';
  return 'available';
}
