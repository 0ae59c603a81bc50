const rtf = new Intl.RelativeTimeFormat('it-IT', { numeric: 'auto' });
const dayMonth = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '2 minuti fa', '3 ore fa', 'ieri', then the date: how long ago an event happened, in Italian. */
export function relativeTime(iso: string, nowMs: number = Date.now()): string {
  const at = Date.parse(iso);
  const ago = Math.max(0, nowMs - at);
  if (ago < MINUTE) return 'adesso';
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return dayMonth.format(new Date(at));
}

const plural = new Intl.PluralRules('it-IT');

/** The bell's accessible name: '3 notifiche non lette', '1 notifica non letta', or 'Notifiche'. */
export function bellLabel(unread: number, cap: number): string {
  if (unread <= 0) return 'Notifiche, nessuna da leggere';
  if (unread > cap) return `Più di ${cap} notifiche non lette`;
  return plural.select(unread) === 'one' ? '1 notifica non letta' : `${unread} notifiche non lette`;
}
