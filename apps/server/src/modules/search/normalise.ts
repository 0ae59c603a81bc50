import { createHash } from 'node:crypto';

/**
 * The one normaliser of catalogue search, applied identically to the text that is indexed and to
 * what shoppers type, on SQLite and on PostgreSQL (docs/decisions/0014-search.md).
 *
 * 1. Fold: Unicode NFD, combining marks removed, lower case ('Caffè' → 'caffe').
 * 2. Split into words of letters and digits; everything else (punctuation, quotes, operators,
 *    emoji) separates words and is never part of one, so no search syntax can reach the engines.
 * 3. Leave out Italian function words (articles, prepositions, 'e', 'o': `FUNCTION_WORDS`).
 * 4. Stem each word with a small Italian light stemmer (`stemItalian`).
 */

/** Words longer than this are cut: nobody types them, and the index stays small. */
const MAX_WORD = 40;
const VOWELS = new Set(['a', 'e', 'i', 'o']);

// Letters NFD does not split into a base letter and a mark (as in product slugs).
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/** Lower case without accents: the form every comparison and the name sort use. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (c) => LIGATURES[c] ?? c);
}

/** The words of a text, folded, in order (duplicates kept). */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > MAX_WORD ? Array.from(w).slice(0, MAX_WORD).join('') : w));
}

/**
 * Italian light stemmer: strips what changes between singular and plural, masculine and feminine,
 * so the forms of one word meet ('scarpa'/'scarpe' → 'scarp', 'negozio'/'negozi' → 'negoz',
 * 'tasca'/'tasche' → 'tasc', 'colazione'/'colazioni' → 'colazion', 'bellissima' → 'bell').
 * Only words of letters, at least 4 long, are touched, and a stem keeps at least 3 letters.
 * 1. a final vowel a/e/i/o goes (accents were folded before: 'città' → 'citt');
 * 2. then a final 'i' left by -io/-ia/-ie/-ii goes ('camicia'/'camicie' → 'camic');
 * 3. then the superlative -issim goes;
 * 4. then a final 'ch'/'gh' loses its 'h' ('tasche' → 'tasc', like 'tasca').
 */
export function stemItalian(word: string): string {
  if (word.length < 4 || !/^\p{L}+$/u.test(word)) return word;
  let w = word;
  const cut = (n: number) => (w.length - n >= 3 ? ((w = w.slice(0, -n)), true) : false);
  if (VOWELS.has(w.at(-1) ?? '')) cut(1);
  if (w.endsWith('i')) cut(1);
  if (w.endsWith('issim')) cut(5);
  if (w.endsWith('ch') || w.endsWith('gh')) cut(1);
  return w;
}

/**
 * Words that say nothing about a product, as folded: articles, prepositions (simple, joined with an
 * article, or cut before an apostrophe: "dell'olio", "d'oro", "l'uva") and 'e'/'o'. Nearly every
 * description holds some ('borsa in pelle per la casa'), so as query words they only hid products:
 * every word of a query must match, and 'borsa di pelle' missed 'Borsa in pelle'. As a typed prefix
 * ('la…') they matched every product of the store, which the search then had to rank in full.
 */
const FUNCTION_WORDS = new Set(
  (
    'il lo la i gli le l un uno una ' +
    'di a ad da in con su per tra fra ' +
    'del dello della dei degli delle dell al allo alla ai agli alle all dal dallo dalla dai dagli dalle dall ' +
    'nel nello nella nei negli nelle nell sul sullo sulla sui sugli sulle sull col coi ' +
    'd e ed o od'
  ).split(' '),
);
const meaningful = (word: string) => !FUNCTION_WORDS.has(word);

/** The stemmed words of a text, function words left out: what the index stores for it. */
export function searchTerms(text: string): string[] {
  return foldedWords(text).filter(meaningful).map(stemItalian);
}

/** Stemmed words of the texts, each once, in order of appearance. */
const distinctTerms = (texts: string[]) => [...new Set(texts.flatMap(searchTerms))];

/** Stemmed words, each once, space separated (no empty words). */
export function termText(...texts: string[]): string {
  return distinctTerms(texts).join(' ');
}

const prefixes = new Map<string, string>();
/**
 * The mark every indexed word of a store starts with: 12 hex digits of its id's SHA-1, so the
 * index keeps one posting list per store and word ('scarp' of store A and of store B are two
 * words). A search then reads only its own store's matches, however many stores sell 'scarpe';
 * the store is still checked on every row (two stores sharing a mark would only cost time).
 */
export function storeWordPrefix(storeId: string): string {
  let prefix = prefixes.get(storeId);
  if (!prefix) {
    if (prefixes.size >= 10_000) prefixes.clear();
    prefix = createHash('sha1').update(storeId).digest('hex').slice(0, 12);
    prefixes.set(storeId, prefix);
  }
  return prefix;
}

/** The stored form of a store's texts: `termText`'s words, each marked with the store's prefix. */
export function storeTermText(storeId: string, ...texts: string[]): string {
  const prefix = storeWordPrefix(storeId);
  return distinctTerms(texts)
    .map((w) => prefix + w)
    .join(' ');
}

export interface SearchQuery {
  /** Words that must match exactly (stemmed), each once. */
  words: string[];
  /** The last typed word (stemmed), matched as a prefix while the shopper types; null if none. */
  prefix: string | null;
}

/** At most this many words of a query count (a pasted paragraph is not a query). */
const MAX_QUERY_WORDS = 8;

/**
 * What a typed query asks for. The last word is a prefix unless the text ends with a separator
 * (the shopper finished it). Function words are left out, except one being typed alone ('la…' is
 * the start of 'lana' as much as an article). Null when nothing searchable is left (only symbols,
 * emoji or function words).
 */
export function parseSearchQuery(input: string): SearchQuery | null {
  const folded = foldedWords(input).slice(0, MAX_QUERY_WORDS);
  const finished = /[^\p{L}\p{N}]$/u.test(input.normalize('NFD').replace(/\p{M}+/gu, ''));
  const typing = finished ? undefined : folded.pop();
  const words = [...new Set(folded.filter(meaningful).map(stemItalian))];
  // 'borsa di…': until a letter follows, the article narrows nothing.
  const prefix = typing === undefined || (!meaningful(typing) && words.length) ? null : stemItalian(typing);
  const exact = words.filter((w) => w !== prefix);
  if (!exact.length && prefix === null) return null;
  return { words: exact, prefix };
}

/** Name order key: folded title with single spaces, so 'Éclair' sorts with 'eclair' on both engines. */
export function sortTitle(title: string): string {
  return foldedWords(title).join(' ').slice(0, 200);
}
