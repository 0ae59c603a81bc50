const rules = new Intl.PluralRules('it-IT');
// Grouped from 1.000 on, like the amounts of formatEuro (CLDR's Italian default starts at 10.000).
const count = new Intl.NumberFormat('it-IT', { useGrouping: 'always' } as Intl.NumberFormatOptions);

/** The word for a count by Italian plural rules: 1 takes the singular, 0 and everything else the plural. */
export const pluralWord = (n: number, one: string, other: string): string => (rules.select(n) === 'one' ? one : other);

/** A count with its word ('1 variante', '0 varianti', '1.250 prodotti'), the number formatted it-IT. */
export const plural = (n: number, one: string, other: string): string => `${count.format(n)} ${pluralWord(n, one, other)}`;
