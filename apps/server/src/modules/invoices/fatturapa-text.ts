import { escapeXml } from '@vetrina/shared/escape';

/**
 * Text and codes as the FatturaPA XSD accepts them. @digitalia/fatturapa writes values as they are
 * given (no escaping, no alphabet or length checks), so everything passes through here first.
 */

/** Codes (P.IVA, CF, SDI, IBAN) as the XSD's patterns want them: no spaces, upper case. */
export const compactCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

// Typography the shop uses ('dell’art.', '10 €') has Latin-1 stand-ins; other symbols (emoji) are dropped.
const LATIN1_STAND_INS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '€': 'EUR',
  '•': '-',
};

/**
 * Free text as the XSD's Latin types accept it: Basic Latin and Latin-1 only (the SdI rejects the
 * whole file otherwise), one line, at most `max` characters, then escaped for XML.
 */
export function fatturaText(text: string, max: number): string {
  let latin = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) latin += ' ';
    else if (code <= 0xff) latin += char;
    else latin += LATIN1_STAND_INS[char] ?? stripAccents(char);
  }
  const oneLine = latin.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return escapeXml(oneLine || '-');
}

// 'ő' → 'o', 'Ł' has no decomposition and is dropped like any other symbol.
const stripAccents = (char: string) => [...char.normalize('NFKD')].filter((c) => (c.codePointAt(0) ?? 0) <= 0xff).join('');

/** An optional contact e-mail, left out when the XSD's pattern would reject the whole file for it. */
export function emailOf(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed.length >= 7 && trimmed.length <= 256 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? escapeXml(trimmed) : undefined;
}

/** A phone as the XSD's TelFax type allows it (5-12 characters), or undefined. */
export function phoneOf(phone: string): string | undefined {
  let compact = phone.replace(/[^\d+]/g, '');
  if (compact.length > 12) compact = compact.replace(/^(\+|00)39/, '');
  return compact.length >= 5 && compact.length <= 12 ? compact : undefined;
}

/**
 * A private buyer has one name string. The XSD accepts Denominazione or Nome + Cognome for a person;
 * we write Nome + Cognome only where the codice fiscale proves which words are the surname (its
 * first six letters encode surname and name), and Denominazione, the name exactly as typed,
 * otherwise, rather than guess a split ('Maria De Luca', 'Rossi Mario').
 */
export function personName(name: string, taxCode: string): { Denominazione: string } | { Nome: string; Cognome: string } {
  const words = name.trim().split(/\s+/);
  for (let cut = 1; cut < words.length; cut++) {
    const [first, last] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    for (const [nome, cognome] of [
      [first, last],
      [last, first],
    ] as const) {
      if (surnameCode(cognome) + nameCode(nome) === taxCode.slice(0, 6)) return { Nome: fatturaText(nome, 60), Cognome: fatturaText(cognome, 60) };
    }
  }
  return { Denominazione: fatturaText(name, 80) };
}

function letters(word: string) {
  const plain = word
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return { consonants: plain.replace(/[AEIOU]/g, ''), vowels: plain.replace(/[^AEIOU]/g, '') };
}
const surnameCode = (surname: string) => {
  const { consonants, vowels } = letters(surname);
  return `${consonants}${vowels}XXX`.slice(0, 3);
};
const nameCode = (name: string) => {
  const { consonants, vowels } = letters(name);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
};
