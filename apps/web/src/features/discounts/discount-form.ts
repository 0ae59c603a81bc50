import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  DISCOUNT_KINDS,
  discountCodeSchema,
  discountMsg,
  parseEuroToCents,
  type DiscountCode,
  type DiscountCodeData,
  type DiscountCodeInput,
  type DiscountKind,
} from '@vetrina/shared';
import { euroInputFromCents } from '@/lib/format';

/** 'Nuovo codice' / 'Modifica codice' as typed: amounts as Italian euro text, counts and dates as the inputs hold them. */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  /** Percent ('20') or euro ('12,90'), by kind. */
  value: string;
  minOrder: string;
  /** `<input type="datetime-local">` text in the merchant's time zone ('2026-06-01T09:00'); empty: none. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerEmail: string;
  active: boolean;
}

export const DISCOUNT_FORM_FIELDS = ['code', 'kind', 'value', 'minOrder', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerEmail', 'active'] as const;
export type DiscountFormField = (typeof DISCOUNT_FORM_FIELDS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored UTC time as a date-time-local input shows it, in the browser's time zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date-time-local value (local time, no offset) as UTC ISO; empty is none, nonsense stays text the schema refuses. */
export function localInputToIso(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (!m) return t;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // new Date() rolls 31 February over to March: such a day does not exist.
  if (date.getMonth() !== mo - 1 || date.getDate() !== d) return t;
  return date.toISOString();
}

export function discountFormValues(d?: DiscountCode): DiscountFormValues {
  if (!d) return { code: '', kind: 'percent', value: '', minOrder: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerEmail: '', active: true };
  return {
    code: d.code,
    kind: d.kind,
    value: d.kind === 'percent' ? String(d.value) : euroInputFromCents(d.value),
    minOrder: d.minOrderCents > 0 ? euroInputFromCents(d.minOrderCents) : '',
    startsAt: isoToLocalInput(d.startsAt),
    endsAt: isoToLocalInput(d.endsAt),
    maxUses: d.maxUses === null ? '' : String(d.maxUses),
    maxUsesPerEmail: d.maxUsesPerEmail === null ? '' : String(d.maxUsesPerEmail),
    active: d.active,
  };
}

// Text that is not a number becomes NaN, which the shared schema refuses with the field's own message.
const count = (text: string): number | null => {
  const t = text.trim().replace(/[.\s]/g, '');
  if (!t) return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
};
const percent = (text: string): number => {
  const t = text.trim().replace(/\s*%$/, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};
const cents = (text: string): number => parseEuroToCents(text, { allowNegative: true }) ?? Number.NaN;

/** The form's values as the API body: an empty minimum is 0, empty dates and counts are none. */
export function toDiscountInput(v: DiscountFormValues): DiscountCodeInput {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'percent' ? percent(v.value) : cents(v.value),
    minOrderCents: v.minOrder.trim() === '' ? 0 : cents(v.minOrder),
    startsAt: localInputToIso(v.startsAt),
    endsAt: localInputToIso(v.endsAt),
    maxUses: count(v.maxUses),
    maxUsesPerEmail: count(v.maxUsesPerEmail),
    active: v.active,
  };
}

const API_TO_FORM: Record<string, DiscountFormField> = { minOrderCents: 'minOrder' };

/** Where an error about a field of the API body shows in the form (null: above the form). */
export function discountFormFieldOf(apiField: string | undefined): DiscountFormField | null {
  if (!apiField) return null;
  if ((DISCOUNT_FORM_FIELDS as readonly string[]).includes(apiField)) return apiField as DiscountFormField;
  return API_TO_FORM[apiField] ?? null;
}

/**
 * The form's schema: the shared discountCodeSchema applied to the converted values, its messages
 * on the fields the merchant typed in. A value typed but unreadable gets its kind's message
 * rather than 'Inserisci il valore dello sconto'.
 */
export const discountFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string(),
    minOrder: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: z.string(),
    maxUsesPerEmail: z.string(),
    active: z.boolean(),
  })
  .transform((values, ctx): DiscountCodeData => {
    const parsed = discountCodeSchema.safeParse(toDiscountInput(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = discountFormFieldOf(issue.path.map(String).join('.'));
      let message = issue.message;
      if (field === 'value' && message === discountMsg.value && values.value.trim() !== '')
        message = values.kind === 'percent' ? discountMsg.percent : discountMsg.fixed;
      ctx.addIssue({ code: 'custom', message, path: [field ?? 'root'] });
    }
    return z.NEVER;
  });

export type DiscountForm = UseFormReturn<DiscountFormValues, unknown, DiscountCodeData>;
