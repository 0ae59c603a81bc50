import { describe, expect, it } from 'vitest';
import { bellLabel, relativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it('says how long ago, in Italian', () => {
    expect(relativeTime(ago(10_000), now)).toBe('adesso');
    expect(relativeTime(ago(60_000), now)).toBe('1 minuto fa');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minuti fa');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 ore fa');
    expect(relativeTime(ago(26 * 3_600_000), now)).toBe('ieri');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 giorni fa');
    expect(relativeTime(ago(30 * 86_400_000), now)).toBe('8 feb 2026');
  });

  it('never speaks of the future when clocks differ a little', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toBe('adesso');
  });
});

describe('bellLabel', () => {
  it('names the bell by what waits', () => {
    expect(bellLabel(0, 99)).toBe('Notifiche, nessuna da leggere');
    expect(bellLabel(1, 99)).toBe('1 notifica non letta');
    expect(bellLabel(3, 99)).toBe('3 notifiche non lette');
    expect(bellLabel(100, 99)).toBe('Più di 99 notifiche non lette');
  });
});
