import { z } from 'zod';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { PAYMENT_LIMITS, paymentMsg } from './payments.js';

/**
 * A store's payment settings (Impostazioni → Pagamenti). Kept out of the package index: the IBAN
 * checksum library is only for the dashboard and the server, never the storefront's bundle.
 */

/** Spaces and lowercase are how people copy IBANs: both are accepted and stored in electronic form. */
export function normaliseIban(raw: string): string {
  return electronicFormatIBAN(raw.trim()) ?? '';
}

/** A valid IBAN (checksum and length for its country) of a SEPA country: the ones an Italian shop can be paid on. */
export function isAcceptedIban(raw: string): boolean {
  const iban = normaliseIban(raw);
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2));
}

/** The fields that decide where a store's money goes: the owner's alone (docs/decisions/0036-payment-owner.md). */
export const PAYOUT_FIELDS = ['bankTransfer.iban', 'bankTransfer.holder', 'card.secretKey', 'card.webhookSecret'] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export const PAYOUT_FIELD_LABELS: Record<PayoutField, string> = {
  'bankTransfer.iban': 'IBAN',
  'bankTransfer.holder': 'Intestatario',
  'card.secretKey': 'Chiave segreta Stripe',
  'card.webhookSecret': 'Segreto del webhook Stripe',
};

export const payoutMsg = {
  ownerOnly: 'Solo il proprietario dello store può modificare IBAN, intestatario e chiavi Stripe.',
  readOnly: 'IBAN, intestatario e chiavi Stripe li modifica solo il proprietario dello store: ogni modifica gli viene segnalata via email.',
} as const;

/** 'IT•• •••• … 3456': the country and the last four characters, all an admin is shown of the IBAN. */
export function maskIban(iban: string): string {
  return iban ? `${iban.slice(0, 2)}•• •••• … ${iban.slice(-4)}` : '';
}
const MASKED_IBAN = /^[A-Z]{2}•• •••• … [A-Z0-9]{4}$/;
/** The masked form sent back unchanged by an admin's form: it means 'keep the stored IBAN'. */
export const isMaskedIban = (s: string): boolean => MASKED_IBAN.test(s);

/** 'sk_live_…6789': a key's kind and its last four characters, never more. */
export function keyHint(key: string): string {
  const kind = /^(sk_live_|sk_test_|whsec_)/.exec(key)?.[1] ?? '';
  return `${kind}…${key.slice(-4)}`;
}

const text = (min: number, max: number, msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .max(max, msg)
    .refine((s) => s === '' || s.length >= min, msg);
const cents = (max: number, msg: string) => z.number({ error: msg }).int(msg).min(0, msg).max(max, msg);

export const paymentSettingsInputSchema = z
  .strictObject({
    bankTransfer: z.strictObject({
      enabled: z.boolean(),
      iban: z
        .string({ error: paymentMsg.iban })
        .max(50, paymentMsg.iban)
        .transform((s) => (isMaskedIban(s.trim()) ? s.trim() : normaliseIban(s)))
        .refine((s) => s === '' || isMaskedIban(s) || isAcceptedIban(s), paymentMsg.iban),
      holder: text(2, 100, paymentMsg.holder),
      bank: z.string({ error: paymentMsg.bank }).trim().max(100, paymentMsg.bank),
      deadlineDays: z
        .number({ error: paymentMsg.deadline })
        .int(paymentMsg.deadline)
        .min(PAYMENT_LIMITS.deadlineDaysMin, paymentMsg.deadline)
        .max(PAYMENT_LIMITS.deadlineDaysMax, paymentMsg.deadline),
    }),
    cod: z.strictObject({
      enabled: z.boolean(),
      surchargeCents: cents(PAYMENT_LIMITS.surchargeMaxCents, paymentMsg.surcharge),
      maxTotalCents: cents(PAYMENT_LIMITS.maxTotalMaxCents, paymentMsg.maxTotal).min(1, paymentMsg.maxTotal).nullable(),
    }),
    pickup: z.strictObject({
      enabled: z.boolean(),
      address: text(5, 200, paymentMsg.pickupAddress),
      hours: text(2, 300, paymentMsg.pickupHours),
    }),
    card: z.strictObject({
      enabled: z.boolean(),
      /** Empty or absent: keep the stored key. Never sent back by the server. */
      secretKey: z
        .string({ error: paymentMsg.stripeSecret })
        .trim()
        .max(255, paymentMsg.stripeSecret)
        .refine((s) => s === '' || /^sk_(live|test)_[A-Za-z0-9]{10,247}$/.test(s), paymentMsg.stripeSecret)
        .optional(),
      webhookSecret: z
        .string({ error: paymentMsg.stripeWebhook })
        .trim()
        .max(255, paymentMsg.stripeWebhook)
        .refine((s) => s === '' || /^whsec_[A-Za-z0-9+/=]{10,249}$/.test(s), paymentMsg.stripeWebhook)
        .optional(),
    }),
  })
  .superRefine((s, ctx) => {
    if (!s.bankTransfer.enabled && !s.cod.enabled && !s.pickup.enabled && !s.card.enabled) {
      ctx.addIssue({ code: 'custom', message: paymentMsg.atLeastOne, path: ['methods'] });
    }
    if (s.bankTransfer.enabled && !s.bankTransfer.iban) ctx.addIssue({ code: 'custom', message: paymentMsg.ibanRequired, path: ['bankTransfer', 'iban'] });
    if (s.bankTransfer.enabled && !s.bankTransfer.holder) ctx.addIssue({ code: 'custom', message: paymentMsg.holder, path: ['bankTransfer', 'holder'] });
    if (s.pickup.enabled && !s.pickup.address) ctx.addIssue({ code: 'custom', message: paymentMsg.pickupAddress, path: ['pickup', 'address'] });
    if (s.pickup.enabled && !s.pickup.hours) ctx.addIssue({ code: 'custom', message: paymentMsg.pickupHours, path: ['pickup', 'hours'] });
  });
export type PaymentSettingsInput = z.input<typeof paymentSettingsInputSchema>;
export type PaymentSettingsData = z.output<typeof paymentSettingsInputSchema>;

/**
 * What the dashboard reads back: the same, except that Stripe's secrets are only said to exist (with
 * their last four characters), and an admin who is not the owner reads the IBAN masked.
 */
export const paymentSettingsSchema = z.object({
  /** The reader is the owner: IBAN, holder and Stripe keys are theirs to change. */
  payoutEditable: z.boolean(),
  bankTransfer: z.object({
    enabled: z.boolean(),
    /** In electronic form for the owner; maskIban's form for an admin. */
    iban: z.string(),
    holder: z.string(),
    bank: z.string(),
    deadlineDays: z.number().int(),
  }),
  cod: z.object({ enabled: z.boolean(), surchargeCents: z.number().int(), maxTotalCents: z.number().int().nullable() }),
  pickup: z.object({ enabled: z.boolean(), address: z.string(), hours: z.string() }),
  card: z.object({
    enabled: z.boolean(),
    hasSecretKey: z.boolean(),
    hasWebhookSecret: z.boolean(),
    /** keyHint of the stored keys ('sk_live_…6789'), null when none is stored. */
    secretKeyHint: z.string().nullable(),
    webhookSecretHint: z.string().nullable(),
    /** 'test' or 'live', from the stored key's prefix; null without a key. */
    mode: z.enum(['test', 'live']).nullable(),
    /** The address to paste in Stripe's dashboard (Developers → Webhooks). */
    webhookUrl: z.string(),
  }),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export const paymentSettingsResponseSchema = z.object({ settings: paymentSettingsSchema });
