import { formatEuro } from '@vetrina/shared/pricing';
const date = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const longDate = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

/** € amounts from integer cents ('1.234,50 €'): the shared formatter the server's mails use too. */
export const formatCents = formatEuro;
export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar day ('2026-03-05', e.g. an invoice's date) read at local noon, so no time zone moves it to the day before. */
export const formatDay = (day: string) => date.format(new Date(`${day}T12:00:00`));
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
export const formatKb = (bytes: number) => `${(bytes / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} KB`;
/** Cents as the text an Italian money input starts from ('2,50'); parseEuroToCents reads it back. */
export const euroInputFromCents = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
