/**
 * Italian numbers and amounts, written out instead of asking `Intl`
 * (docs/decisions/0028-runtime-memory.md). The first `Intl` formatter a Node process builds loads ICU's
 * locale and time-zone data: about 10 MB of the server's resident memory, for a handful of fixed
 * formats. Rome's calendar has the same reason (shop-day.ts). The unit tests compare these functions
 * with `Intl` over wide ranges: the text is the one Intl printed before.
 */

/** '1.250': digits grouped by three with a dot, from 1.000 on (CLDR's Italian default starts at 10.000). */
function groupDigits(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += '.';
    out += digits[i];
  }
  return out;
}

/** A sign as Intl writes it: '-' for negative numbers and for negative zero. */
const negative = (n: number) => n < 0 || Object.is(n, -0);

/** '1.234,50 €' from cents: grouped from 1.000 on, two decimals, a no-break space before the euro sign. */
export function formatEuro(cents: number): string {
  // Half away from zero, as Intl rounds; cents are whole in the product, fractions only by mistake.
  const whole = Math.round(Math.abs(cents));
  const units = Math.floor(whole / 100);
  const rest = whole % 100;
  return `${negative(cents) ? '-' : ''}${groupDigits(String(units))},${rest < 10 ? '0' : ''}${rest}\u00a0€`;
}

/**
 * '1.250' or '2,5': a count or a measure, grouped from 1.000 on, with at least `minDecimals` and at
 * most `maxDecimals` digits after the comma (Intl's defaults: 0 and 3), rounded half away from zero.
 */
export function formatNumber(n: number, minDecimals = 0, maxDecimals = Math.max(3, minDecimals)): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : `${n < 0 ? '-' : ''}∞`;
  const scale = 10 ** maxDecimals;
  // The decimal text of |n| (shortest form, as printed) decides the rounding, not its binary error.
  const text = String(Math.abs(n));
  const scaled = Math.round(text.includes('e') ? Math.abs(n) * scale : Number(`${text}e${maxDecimals}`));
  const units = Math.floor(scaled / scale);
  let decimals = maxDecimals > 0 ? String(scaled % scale).padStart(maxDecimals, '0') : '';
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const sign = negative(n) ? '-' : '';
  return `${sign}${groupDigits(String(units))}${decimals ? `,${decimals}` : ''}`;
}

/** Italian plural rules: 1 (and -1) takes the singular; 0, decimals and every other number the plural. */
export const isSingular = (n: number): boolean => Math.abs(n) === 1;

/**
 * Strings in code-unit order, no locale (SQLite's order, PostgreSQL's "C"): for ids, file names and
 * lock orders, where any fixed order will do and a locale comparison would only load ICU's data.
 */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders text the way an Italian reader expects in a short list (country names, say): case and
 * accents ignored first, then exactly. Not a full collation; enough for names in Latin letters.
 */
export function compareItalian(a: string, b: string): number {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const x = fold(a);
  const y = fold(b);
  return x !== y ? byCodeUnits(x, y) : byCodeUnits(a, b);
}
