import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { parseEuroToCents } from '@vetrina/shared/catalog-utils';
import { shippingSettingsSchema, type ShippingSettings } from '@vetrina/shared/shipping';
import { euroInputFromCents } from '@/lib/format';

/** Impostazioni → Spedizioni as typed: every amount as Italian euro text ('5,99'). */
export interface ShippingFormValues {
  domestic: { rate: string; freeAbove: string };
  countries: { code: string; rate: string; freeAbove: string }[];
}

const money = (cents: number | null) => (cents === null ? '' : euroInputFromCents(cents));
// Text that is not an amount becomes NaN, which the shared schema refuses with the field's own message.
const euroCents = (text: string): number | null => (text.trim() === '' ? null : (parseEuroToCents(text) ?? Number.NaN));

export function shippingFormValues(s: ShippingSettings): ShippingFormValues {
  return {
    domestic: { rate: money(s.domestic.rateCents), freeAbove: money(s.domestic.freeAboveCents) },
    countries: s.countries.map((c) => ({ code: c.code, rate: money(c.rateCents), freeAbove: money(c.freeAboveCents) })),
  };
}

/** An empty rate is free shipping (0,00 €); an empty threshold is none. */
export function toShippingInput(v: ShippingFormValues): ShippingSettings {
  return {
    domestic: { rateCents: euroCents(v.domestic.rate) ?? 0, freeAboveCents: euroCents(v.domestic.freeAbove) },
    countries: v.countries.map((c) => ({ code: c.code, rateCents: euroCents(c.rate) ?? 0, freeAboveCents: euroCents(c.freeAbove) })),
  };
}

/** Where an error of the API body shows in the form: the same paths, with text fields instead of cents. */
export const shippingFormPath = (apiPath: string): string =>
  apiPath
    .replace(/rateCents$/, 'rate')
    .replace(/freeAboveCents$/, 'freeAbove')
    .replace(/^countries$/, 'root') || 'root';

/** The form's schema: the shared shippingSettingsSchema on the converted values, its messages on the typed fields. */
export const shippingFormSchema = z
  .object({
    domestic: z.object({ rate: z.string(), freeAbove: z.string() }),
    countries: z.array(z.object({ code: z.string(), rate: z.string(), freeAbove: z.string() })),
  })
  .transform((values, ctx): ShippingSettings => {
    const parsed = shippingSettingsSchema.safeParse(toShippingInput(values));
    for (const i of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: i.message, path: shippingFormPath(i.path.join('.')).split('.') });
    return parsed.success ? parsed.data : z.NEVER;
  });

export type ShippingForm = UseFormReturn<ShippingFormValues, unknown, ShippingSettings>;
