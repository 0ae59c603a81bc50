/**
 * A store's legal pages, as plain values (no zod): the storefront's footer and routes import this
 * file directly to keep their first load small (the schemas are in business.ts).
 */

/** The page kinds are the last segment of their address: /store/{slug}/{kind}. */
export const LEGAL_PAGE_KINDS = ['termini', 'privacy', 'spedizioni-resi'] as const;
export type LegalPageKind = (typeof LEGAL_PAGE_KINDS)[number];

export const LEGAL_PAGE_TITLES: Record<LegalPageKind, string> = {
  termini: 'Termini e condizioni',
  privacy: 'Privacy',
  'spedizioni-resi': 'Spedizioni e resi',
};

/** The meta description of each page, completed with the store's name. */
export const legalPageDescription = (kind: LegalPageKind, storeName: string): string =>
  ({
    termini: `Le condizioni generali di vendita di ${storeName}: ordini, prezzi, pagamenti, diritto di recesso e garanzia.`,
    privacy: `Come ${storeName} tratta i dati personali dei clienti: finalità, conservazione e diritti (GDPR).`,
    'spedizioni-resi': `Spedizioni, costi, tempi di consegna, resi e rimborsi di ${storeName}.`,
  })[kind];

/** Days the consumer has to withdraw from a distance contract (Codice del Consumo, art. 52). */
export const WITHDRAWAL_DAYS = 14;

export const isLegalPageKind = (value: string): value is LegalPageKind => (LEGAL_PAGE_KINDS as readonly string[]).includes(value);

/** The page's address in the storefront (the checkout links the terms with it). */
export const legalPagePath = (storeSlug: string, kind: LegalPageKind) => `/store/${encodeURIComponent(storeSlug)}/${kind}`;
