import { discountAvailability, formatEuro, type DiscountAvailability, type DiscountCode } from '@vetrina/shared';
import { formatDateTime } from '@/lib/format';

// A real minus sign (U+2212): it reads as "off", not as a hyphen.
const MINUS = '\u2212';

/** '−20%' or '−5,00 €'. */
export const discountAmountLabel = (d: Pick<DiscountCode, 'kind' | 'value'>): string =>
  d.kind === 'percent' ? `${MINUS}${d.value}%` : `${MINUS}${formatEuro(d.value)}`;

/** ['dal 1 giu 2026, 09:00', 'al 30 giu 2026, 23:59'], ['dal …'], ['fino al …'] or ['Sempre valido']: one line each in the list. */
export function validityLines(d: Pick<DiscountCode, 'startsAt' | 'endsAt'>): string[] {
  if (d.startsAt && d.endsAt) return [`dal ${formatDateTime(d.startsAt)}`, `al ${formatDateTime(d.endsAt)}`];
  if (d.startsAt) return [`dal ${formatDateTime(d.startsAt)}`];
  if (d.endsAt) return [`fino al ${formatDateTime(d.endsAt)}`];
  return ['Sempre valido'];
}

/** 'dal 1 giu 2026, 09:00 al 30 giu 2026, 23:59'. */
export const validityLabel = (d: Pick<DiscountCode, 'startsAt' | 'endsAt'>): string => validityLines(d).join(' ');

/** '3 / 100', or '3 / illimitati' without a total. */
export const usesLabel = (d: Pick<DiscountCode, 'uses' | 'maxUses'>): string => `${d.uses} / ${d.maxUses === null ? 'illimitati' : d.maxUses}`;

/**
 * Why an active code would still be refused at checkout right now (null: it works). Shown beside
 * 'Attivo', so the merchant is not surprised by a shopper's 'Codice scaduto'.
 */
const NOTES: Partial<Record<DiscountAvailability, string>> = { not_started: 'Non ancora valido', expired: 'Scaduto', exhausted: 'Esaurito' };
export function availabilityNote(d: Pick<DiscountCode, 'active' | 'startsAt' | 'endsAt' | 'uses' | 'maxUses'>, nowMs: number): string | null {
  return NOTES[discountAvailability(d, nowMs)] ?? null;
}
