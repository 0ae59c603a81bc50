import { romeDay } from '@vetrina/shared/shop-day';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' as <input type="month"> and the API write it. */
export const isMonth = (v: string | null | undefined): v is string => typeof v === 'string' && MONTH.test(v);

/** The shop's current month, in Italy's time like the invoices' dates (the server's default too). */
export const currentMonth = (now: Date = new Date()) => romeDay(now).slice(0, 7);

/** 'marzo 2026'. */
export const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
