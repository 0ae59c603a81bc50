import { formatNumber } from '@vetrina/shared/italian-format';
import { formatEuro } from '@vetrina/shared/pricing';
/**
 * A formatter built on first use: this module is part of the pages the server renders, and the
 * first `Intl` formatter in a process loads ICU's data (~10 MB of the server's memory, see
 * docs/decisions/0028-runtime-memory.md); a page without a date never pays for it.
 */
const lazy = (options: Intl.DateTimeFormatOptions) => {
  let f: Intl.DateTimeFormat | undefined;
  return { format: (d: Date) => (f ??= new Intl.DateTimeFormat('it-IT', options)).format(d) };
};
const date = lazy({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = lazy({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const longDate = lazy({ day: 'numeric', month: 'long', year: 'numeric' });

/** € amounts from integer cents ('1.234,50 €'): the shared formatter the server's mails use too. */
export const formatCents = formatEuro;
export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar day ('2026-03-05', e.g. an invoice's date) read at local noon, so no time zone moves it to the day before. */
export const formatDay = (day: string) => date.format(new Date(`${day}T12:00:00`));
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
export const formatKb = (bytes: number) => `${formatNumber(bytes / 1024, 0, 1)} KB`;
/** Cents as the text an Italian money input starts from ('2,50'); parseEuroToCents reads it back. */
export const euroInputFromCents = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
