import { formatNumber, isSingular } from './italian-format.js';

/** The word for a count by Italian plural rules: 1 takes the singular, 0 and everything else the plural. */
export const pluralWord = (n: number, one: string, other: string): string => (isSingular(n) ? one : other);

/** A count with its word ('1 variante', '0 varianti', '1.250 prodotti'), the number grouped from 1.000 on like formatEuro's amounts. */
export const plural = (n: number, one: string, other: string): string => `${formatNumber(n)} ${pluralWord(n, one, other)}`;
