/*
 * An Italian shop counts its days in Italy's time (Europe/Rome), whatever the server's or the
 * browser's zone. Rome's calendar is computed from the EU's clock-change rule instead of `Intl`'s
 * time-zone data: the first `Intl` formatter loads ICU's data, about 10 MB of the server's resident
 * memory (docs/decisions/0028-runtime-memory.md). The unit tests compare these functions with `Intl` for
 * every hour of 2000–2040.
 */
const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

const HOUR = 3_600_000;
/** The instant (UTC ms) of 01:00 UTC on the last Sunday of a month: when the EU changes its clocks. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR;
}

/**
 * Rome's offset from UTC at an instant, in ms: one hour, two in summer time (from 01:00 UTC on the
 * last Sunday of March to 01:00 UTC on the last Sunday of October, the EU rule since 1996; orders,
 * invoices and stock movements are all later than that).
 */
export function romeOffsetMs(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayAt1Utc(year, 2) && utcMs < lastSundayAt1Utc(year, 9) ? 2 * HOUR : HOUR;
}

export interface RomeTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const toMs = (at: Date | string | number) => (at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at);

/** The wall clock in Rome at an instant. */
export function romeTime(at: Date | string | number): RomeTime {
  const ms = toMs(at);
  const d = new Date(ms + romeOffsetMs(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const four = (n: number) => String(n).padStart(4, '0');

/** The Rome calendar day ('2026-03-29') of an instant. */
export function romeDay(at: Date | string | number): string {
  const t = romeTime(at);
  return `${four(t.year)}-${two(t.month)}-${two(t.day)}`;
}

/** '5 marzo 2026': the Rome calendar day of an instant, written out. */
export function romeLongDate(at: Date | string | number): string {
  const t = romeTime(at);
  return `${t.day} ${MONTHS[t.month - 1]} ${t.year}`;
}

/** '05/03/2026, 14:07': Rome's date and time of an instant, to the minute. */
export function romeDateTime(at: Date | string | number): string {
  const t = romeTime(at);
  return `${two(t.day)}/${two(t.month)}/${four(t.year)}, ${two(t.hour)}:${two(t.minute)}`;
}

/** The UTC instant at which a Rome calendar day ('2026-03-29') begins (the clocks change at 02:00 or 03:00, never at midnight). */
export function romeDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Rome's midnight is an hour or two before UTC's; the offset a few hours earlier is the day's.
  return new Date(midnightUtc - romeOffsetMs(midnightUtc - 2 * HOUR)).toISOString();
}
