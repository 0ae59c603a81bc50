import { WITHDRAWAL_DAYS } from './returns.js';
import { romeDay, romeDayStart, romeLongDate } from './shop-day.js';

const DAY = 86_400_000;

export interface WithdrawalWindow {
  /** False once the last day is over. */
  open: boolean;
  /** '18 dicembre 2026': the last day the shopper may withdraw; null while the order is not delivered. */
  lastDay: string | null;
}

/**
 * The withdrawal period: from the order until the end (Rome's midnight) of the 14th day after the
 * 'Consegnato' date; before delivery it is open.
 */
export function withdrawalWindow(deliveredAt: string | null, nowMs: number): WithdrawalWindow {
  if (!deliveredAt) return { open: true, lastDay: null };
  const delivered = Date.parse(`${romeDay(deliveredAt)}T00:00:00Z`);
  const last = new Date(delivered + WITHDRAWAL_DAYS * DAY).toISOString().slice(0, 10);
  const next = new Date(delivered + (WITHDRAWAL_DAYS + 1) * DAY).toISOString().slice(0, 10);
  // Noon of the last day, in Rome, names it whatever the clock change.
  const lastDay = romeLongDate(Date.parse(romeDayStart(last)) + DAY / 2);
  return { open: nowMs < Date.parse(romeDayStart(next)), lastDay };
}
