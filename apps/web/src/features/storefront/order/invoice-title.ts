import type { PublicOrder } from '@vetrina/shared/payments';

export type PublicInvoice = PublicOrder['invoices'][number];

// The document's date is a calendar day ('YYYY-MM-DD', Rome): read as UTC midnight and printed in
// UTC, so no time zone moves it to the day before.
const day = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** 'Fattura n. 2026/0001 del 24/11/2026', or 'Nota di credito n. …' for a credit note. */
export function invoiceTitle(doc: PublicInvoice): string {
  const date = new Date(`${doc.date.slice(0, 10)}T00:00:00Z`);
  const when = Number.isNaN(date.getTime()) ? doc.date : day.format(date);
  return `${doc.kind === 'credit_note' ? 'Nota di credito' : 'Fattura'} n. ${doc.number} del ${when}`;
}
