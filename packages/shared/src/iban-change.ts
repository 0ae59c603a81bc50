import { z } from 'zod';

/**
 * 'IBAN modificato' (issue 49, point 4): a changed IBAN is mailed to every owner and admin, and the
 * orders page shows it to them for seven days, so a takeover that redirects bank transfers is seen
 * before the next ones arrive. Kept out of the IBAN checksum code: the orders page needs only this.
 */
export const IBAN_CHANGE_NOTICE_DAYS = 7;
export const IBAN_CHANGE_NOTICE_MS = IBAN_CHANGE_NOTICE_DAYS * 24 * 60 * 60 * 1000;

/** The last IBAN change within the seven days (null: none, or older). `changedBy`: the member's e-mail. */
export const ibanChangeNoticeSchema = z.object({
  ibanChange: z.object({ changedAt: z.string(), changedBy: z.string() }).nullable(),
});
export type IbanChangeNotice = z.infer<typeof ibanChangeNoticeSchema>;

export const ibanChangeMsg = {
  subject: (store: string) => `IBAN modificato – ${store}`,
  /** The banner's words, with the date already formatted ('4 dic 2026, 19:05'). */
  banner: (when: string, by: string) => `L'IBAN è stato modificato il ${when} da ${by}.`,
  bannerLink: 'Controlla i metodi di pagamento',
} as const;
