import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { parseEuroToCents, paymentMsg } from '@vetrina/shared';
import {
  isMaskedIban,
  paymentSettingsInputSchema,
  type PaymentSettings,
  type PaymentSettingsData,
  type PaymentSettingsInput,
} from '@vetrina/shared/payment-settings';
import { euroInputFromCents } from '@/lib/format';

/** Impostazioni → Pagamenti as typed: money as Italian euro text, the deadline as text, Stripe's secrets blank unless replaced. */
export interface PaymentFormValues {
  bankTransfer: { enabled: boolean; iban: string; holder: string; bank: string; deadlineDays: string };
  cod: { enabled: boolean; surcharge: string; maxTotal: string };
  pickup: { enabled: boolean; address: string; hours: string };
  card: { enabled: boolean; secretKey: string; webhookSecret: string };
}

export const PAYMENT_FORM_FIELDS = [
  'bankTransfer.iban',
  'bankTransfer.holder',
  'bankTransfer.bank',
  'bankTransfer.deadlineDays',
  'cod.surcharge',
  'cod.maxTotal',
  'pickup.address',
  'pickup.hours',
  'card.secretKey',
  'card.webhookSecret',
] as const;
export type PaymentFormField = (typeof PAYMENT_FORM_FIELDS)[number];

/** Read in groups of four, as banks print it; stored in electronic form. An admin's masked IBAN stays as the server wrote it. */
const groupedIban = (iban: string) => (isMaskedIban(iban) ? iban : iban.replace(/(.{4})(?=.)/g, '$1 '));

/** The stored settings as the form starts: secrets are never sent back, so their fields start empty. */
export function paymentFormValues(s: PaymentSettings): PaymentFormValues {
  return {
    bankTransfer: { ...s.bankTransfer, iban: groupedIban(s.bankTransfer.iban), deadlineDays: String(s.bankTransfer.deadlineDays) },
    cod: {
      enabled: s.cod.enabled,
      surcharge: s.cod.surchargeCents > 0 ? euroInputFromCents(s.cod.surchargeCents) : '',
      maxTotal: s.cod.maxTotalCents === null ? '' : euroInputFromCents(s.cod.maxTotalCents),
    },
    pickup: { ...s.pickup },
    card: { enabled: s.card.enabled, secretKey: '', webhookSecret: '' },
  };
}

// Text that is not an amount becomes NaN, which the shared schema refuses with the field's own message.
const euroCents = (text: string): number | null => (text.trim() === '' ? null : (parseEuroToCents(text) ?? Number.NaN));
const wholeDays = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form's values as the PUT body: an empty surcharge is none, an empty maximum no limit, a blank secret keeps the stored one. */
export function toPaymentInput(v: PaymentFormValues): PaymentSettingsInput {
  const secretKey = v.card.secretKey.trim();
  const webhookSecret = v.card.webhookSecret.trim();
  return {
    bankTransfer: { ...v.bankTransfer, deadlineDays: wholeDays(v.bankTransfer.deadlineDays) },
    cod: { enabled: v.cod.enabled, surchargeCents: euroCents(v.cod.surcharge) ?? 0, maxTotalCents: euroCents(v.cod.maxTotal) },
    pickup: { ...v.pickup },
    card: { enabled: v.card.enabled, ...(secretKey ? { secretKey } : {}), ...(webhookSecret ? { webhookSecret } : {}) },
  };
}

/** Where an error about a field of the API body shows in the form ('methods': the whole form). */
const API_TO_FORM: Record<string, PaymentFormField | 'root'> = {
  methods: 'root',
  'cod.surchargeCents': 'cod.surcharge',
  'cod.maxTotalCents': 'cod.maxTotal',
  bankTransfer: 'bankTransfer.iban',
  cod: 'cod.surcharge',
  pickup: 'pickup.address',
  card: 'card.secretKey',
};

export function paymentFormFieldOf(apiField: string | undefined): PaymentFormField | 'root' | null {
  if (!apiField) return null;
  if ((PAYMENT_FORM_FIELDS as readonly string[]).includes(apiField)) return apiField as PaymentFormField;
  return API_TO_FORM[apiField] ?? null;
}

type StoredSecrets = Pick<PaymentSettings['card'], 'hasSecretKey' | 'hasWebhookSecret'>;

/**
 * The form's schema: the shared paymentSettingsInputSchema applied to the converted values, its
 * messages moved onto the fields the merchant typed in. Stripe's secrets are required only when
 * cards are on and none is stored yet (the server says the same).
 */
export function paymentFormSchema(stored: StoredSecrets) {
  const block = <T extends z.ZodRawShape>(shape: T) => z.object({ enabled: z.boolean(), ...shape });
  return z
    .object({
      bankTransfer: block({ iban: z.string(), holder: z.string(), bank: z.string(), deadlineDays: z.string() }),
      cod: block({ surcharge: z.string(), maxTotal: z.string() }),
      pickup: block({ address: z.string(), hours: z.string() }),
      card: block({ secretKey: z.string(), webhookSecret: z.string() }),
    })
    .transform((values, ctx): PaymentSettingsData => {
      const parsed = paymentSettingsInputSchema.safeParse(toPaymentInput(values));
      const issues = (parsed.error?.issues ?? []).map((i) => ({ message: i.message, field: paymentFormFieldOf(i.path.join('.')) ?? 'root' }));
      if (values.card.enabled && !stored.hasSecretKey && !values.card.secretKey.trim())
        issues.push({ message: paymentMsg.stripeMissing, field: 'card.secretKey' });
      if (values.card.enabled && !stored.hasWebhookSecret && !values.card.webhookSecret.trim())
        issues.push({ message: paymentMsg.stripeMissing, field: 'card.webhookSecret' });
      for (const { message, field } of issues) ctx.addIssue({ code: 'custom', message, path: field.split('.') });
      return parsed.success && issues.length === 0 ? parsed.data : z.NEVER;
    });
}

export type PaymentForm = UseFormReturn<PaymentFormValues, unknown, PaymentSettingsData>;
