import { formatCents } from '@/lib/format';

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('it-IT');
// A stats day is a calendar date already (Rome): formatted at noon UTC it is the same date everywhere.
const shortDay = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** '3,4%', or a dash when there is nothing to divide by (no visits yet). */
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));
export const formatCount = (n: number) => count.format(n);
export const formatMoneyOrDash = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));
export const formatLongDay = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

/** Words that agree with the number ('1 ordine', '2 ordini'). */
export function countOf(n: number, one: string, many: string) {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
