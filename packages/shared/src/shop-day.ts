/** An Italian shop counts its days in Italy's time, whatever the server's or the browser's zone. */
export const SHOP_TIME_ZONE = 'Europe/Rome';

const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Rome calendar day ('2026-03-29') of an instant. */
export function romeDay(at: Date | string | number): string {
  return romeDate.format(typeof at === 'string' ? new Date(at) : at);
}
