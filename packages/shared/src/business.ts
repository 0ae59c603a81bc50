import { z } from 'zod';
import { LEGAL_PAGE_KINDS } from './legal-pages.js';

export * from './legal-pages.js';

/**
 * What the storefront shows of a store's business details (footer, legal pages). Each field is
 * null until the merchant fills it in: a store may open before its company details are known.
 * The input rules (P.IVA check digit, codice fiscale) are in business-settings.ts, outside the
 * package index, so their library never reaches the storefront's bundle.
 */
export const publicBusinessSchema = z.object({
  /** Ragione sociale (or the sole trader's name). */
  companyName: z.string().nullable(),
  /** Partita IVA: 11 digits. */
  vatNumber: z.string().nullable(),
  /** Codice fiscale: 16 characters (a person) or 11 digits (a company). */
  taxCode: z.string().nullable(),
  /** Sede legale, on one line. */
  address: z.string().nullable(),
  pec: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

export const EMPTY_BUSINESS: PublicBusiness = {
  companyName: null,
  vatNumber: null,
  taxCode: null,
  address: null,
  pec: null,
  phone: null,
  email: null,
};

export const legalPageKindSchema = z.enum(LEGAL_PAGE_KINDS, { error: 'Pagina non trovata' });

/** A legal page as the storefront shows it: HTML rendered and sanitised by the server from the Markdown. */
export const publicLegalPageSchema = z.object({
  kind: legalPageKindSchema,
  title: z.string(),
  html: z.string(),
  /** When the merchant last edited it; null while it is the automatic template. */
  updatedAt: z.string().nullable(),
});
export type PublicLegalPage = z.infer<typeof publicLegalPageSchema>;
export const publicLegalPageResponseSchema = z.object({ page: publicLegalPageSchema });
