/**
 * Italian tax identifiers, the checks that need no data set (so the storefront can run them too):
 * the Partita IVA's check digit and the codice fiscale's shape. The personal codice fiscale's
 * check letter is verified on the server with `@marketto/codice-fiscale-utils`
 * (business-settings.ts), which stays out of the storefront's first load.
 */

/** The Partita IVA's rule: digits in odd places add up, digits in even places are doubled (minus 9 above 9); the 11th makes the sum a multiple of 10. */
export function isValidPartitaIva(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^0{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

/** People copy a P.IVA with its country prefix and spaces ('IT 0636 3391 001'): both go, 11 digits stay. */
export const normalisePartitaIva = (raw: string) => raw.replace(/[\s.-]/g, '').replace(/^IT/i, '');

/** A person's 16 characters (letters where letters go; digits or their omocodia letters elsewhere) or a company's 11 digits. */
const PERSON_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
export function hasCodiceFiscaleShape(code: string): boolean {
  return /^\d{11}$/.test(code) ? isValidPartitaIva(code) : PERSON_SHAPE.test(code);
}
export const normaliseCodiceFiscale = (raw: string) => raw.replace(/\s/g, '').toUpperCase();
