import { describe, expect, it } from 'vitest';
import { romeDateTime, romeDay, romeDayStart, romeLongDate, romeOffsetMs } from './shop-day.js';

// Rome's calendar from the EU rule must agree with the time-zone database (Intl) at every hour.
const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
const intlLong = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' });
const intlDateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const HOUR = 3_600_000;

describe('Rome calendar', () => {
  it('gives the same day, long date and time as the time-zone database for every hour of 2000–2040', () => {
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2041, 0, 1); ms += HOUR) {
      // Minutes and seconds inside the hour, so the clock change's exact minute is crossed too.
      const at = ms + ((ms / HOUR) % 60) * 59_000;
      if (romeDay(at) !== intlDay.format(at) || romeDateTime(at) !== intlDateTime.format(at) || romeLongDate(at) !== intlLong.format(at))
        expect([new Date(at).toISOString(), romeDay(at), romeDateTime(at), romeLongDate(at)]).toEqual([
          new Date(at).toISOString(),
          intlDay.format(at),
          intlDateTime.format(at),
          intlLong.format(at),
        ]);
    }
    // A million Intl calls: a second on an idle machine, several on a loaded one.
  }, 60_000);
  it('changes the clock at 01:00 UTC on the last Sundays of March and October', () => {
    expect(romeOffsetMs(Date.parse('2026-03-29T00:59:59Z'))).toBe(HOUR);
    expect(romeOffsetMs(Date.parse('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(romeOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(2 * HOUR);
    expect(romeOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(HOUR);
    expect(romeDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026, 03:00');
    expect(romeLongDate('2026-03-01T12:00:00Z')).toBe('1 marzo 2026');
  });
  it('starts every day of 2000–2040 at Rome’s midnight, 23 or 25 hours apart on clock-change days', () => {
    for (let ms = Date.UTC(2000, 0, 1, 12); ms < Date.UTC(2041, 0, 1); ms += 24 * HOUR) {
      const day = new Date(ms).toISOString().slice(0, 10);
      const start = Date.parse(romeDayStart(day));
      expect(intlDateTime.format(start)).toBe(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}, 00:00`);
      expect(intlDay.format(start - 1)).not.toBe(day);
    }
    expect(romeDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(romeDayStart('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
  });
});
