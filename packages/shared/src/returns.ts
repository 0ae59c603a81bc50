import { z } from 'zod';

/**
 * Withdrawal (art. 54-bis Codice del Consumo), returns and refunds (docs/decisions/0051-returns.md).
 * The shopper withdraws from an order without an account; the team moves the return along
 * Richiesto → Autorizzato → Ricevuto → Rimborsato (or Rifiutato) and refunds by line.
 */

/** Days after delivery the shopper may withdraw (art. 52 Codice del Consumo); before delivery too. */
export const WITHDRAWAL_DAYS = 14;

export const RETURN_LIMITS = {
  reasonMax: 1000,
  nameMin: 2,
  nameMax: 100,
  addressMax: 500,
  instructionsMax: 2000,
  /** Withdrawal form lookups and confirmations per address and hour (the footer form reveals nothing). */
  formPerHour: 10,
} as const;

export const RETURN_STATUSES = ['requested', 'authorized', 'received', 'refunded', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Richiesto',
  authorized: 'Autorizzato',
  received: 'Ricevuto',
  refunded: 'Rimborsato',
  rejected: 'Rifiutato',
};

/** Who opened it: the shopper's withdrawal, or the team ('Apri un reso' on an order). */
export const RETURN_ORIGINS = ['shopper', 'team'] as const;
export type ReturnOrigin = (typeof RETURN_ORIGINS)[number];

/** The exclusions art. 59 allows that a small shop meets; the product page and the form show the label. */
export const WITHDRAWAL_EXCLUSIONS = ['custom', 'perishable', 'sealed'] as const;
export type WithdrawalExclusion = (typeof WITHDRAWAL_EXCLUSIONS)[number];
export const WITHDRAWAL_EXCLUSION_LABELS: Record<WithdrawalExclusion, string> = {
  custom: 'Prodotto realizzato su misura o personalizzato: escluso dal recesso',
  perishable: 'Prodotto deperibile: escluso dal recesso',
  sealed: 'Prodotto sigillato per motivi igienici: escluso dal recesso se aperto dopo la consegna',
};
export const withdrawalExclusionSchema = z.enum(WITHDRAWAL_EXCLUSIONS, { error: 'Motivo di esclusione dal recesso non valido' }).nullable();

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'In corso',
  succeeded: 'Eseguito',
  failed: 'Non riuscito',
};
/** 'stripe': through Stripe's Refunds API (card orders); 'manual': the team paid it back (bank transfer, cash, pickup). */
export const REFUND_METHODS = ['stripe', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const returnMsg = {
  orderNotFound: 'Nessun ordine corrisponde al numero e all’e-mail indicati',
  notFound: 'Reso non trovato',
  refundNotFound: 'Rimborso non trovato',
  name: 'Inserisci nome e cognome (2-100 caratteri)',
  email: 'Inserisci un indirizzo e-mail valido',
  orderNumber: 'Inserisci il numero dell’ordine',
  noLines: 'Scegli almeno un prodotto da restituire',
  lineNotInOrder: 'Uno dei prodotti scelti non fa parte dell’ordine',
  quantity: 'Quantità non valida per uno dei prodotti scelti',
  quantityOver: (title: string, left: number) => `Di «${title}» puoi restituire al massimo ${left}`,
  excluded: (title: string) => `«${title}» è escluso dal recesso`,
  reason: 'Il motivo può avere al massimo 1.000 caratteri',
  rejectReason: 'Scrivi il motivo del rifiuto (al massimo 1.000 caratteri)',
  iban: 'IBAN non valido: controlla di averlo copiato per intero',
  periodOver: (lastDay: string) => `Il periodo di recesso per questo ordine è terminato il ${lastDay}`,
  cancelled: 'L’ordine è annullato: non c’è niente da restituire',
  replayed: 'Questo recesso è già stato registrato: controlla la tua e-mail',
  tooMany: 'Troppi tentativi: riprova tra un’ora',
  transition: (from: string) => `Il reso è ${from.toLowerCase()}: questa operazione non è possibile`,
  address: 'L’indirizzo per i resi può avere al massimo 500 caratteri',
  instructions: 'Le istruzioni per il reso possono avere al massimo 2.000 caratteri',
  refundAmount: 'Importo non valido: usa centesimi interi',
  refundNothing: 'Il rimborso deve essere di almeno 0,01 €',
  refundOver: (left: string) => `Il rimborso supera quanto resta da rimborsare (${left})`,
  shippingOver: (left: string) => `Della spedizione resta da rimborsare al massimo ${left}`,
  refundUnpaid: 'L’ordine non risulta pagato: non c’è niente da rimborsare',
  refundIbanRequired: 'Per un rimborso con bonifico serve l’IBAN del cliente',
  stripeFailed: 'Stripe non ha eseguito il rimborso: riprova tra poco',
  retryOnlyFailed: 'Si può riprovare solo un rimborso non riuscito',
} as const;

const lineChoiceSchema = z.strictObject({
  orderItemId: z.string({ error: returnMsg.lineNotInOrder }).min(1, returnMsg.lineNotInOrder).max(64, returnMsg.lineNotInOrder),
  quantity: z.number({ error: returnMsg.quantity }).int(returnMsg.quantity).min(1, returnMsg.quantity).max(100_000, returnMsg.quantity),
});
export type ReturnLineChoice = z.infer<typeof lineChoiceSchema>;
const lineChoicesSchema = z.array(lineChoiceSchema, { error: returnMsg.noLines }).min(1, returnMsg.noLines).max(500, returnMsg.noLines);
const reasonSchema = z.string({ error: returnMsg.reason }).trim().max(RETURN_LIMITS.reasonMax, returnMsg.reason).optional();

/** Identifies the order: the order page's token, or (footer link) its number with the order's e-mail. */
export const withdrawalOrderRefSchema = z.union([
  z.strictObject({ token: z.string({ error: returnMsg.orderNotFound }).min(1, returnMsg.orderNotFound).max(200, returnMsg.orderNotFound) }),
  z.strictObject({
    orderNumber: z.number({ error: returnMsg.orderNumber }).int(returnMsg.orderNumber).min(1, returnMsg.orderNumber).max(1e9, returnMsg.orderNumber),
    email: z.string({ error: returnMsg.email }).trim().email(returnMsg.email).max(254, returnMsg.email),
  }),
]);
export type WithdrawalOrderRef = z.infer<typeof withdrawalOrderRefSchema>;

/** Step two's 'Conferma il recesso': everything step one gathered, and a key the form made once (a replay is refused). */
export const withdrawalInputSchema = z.strictObject({
  order: withdrawalOrderRefSchema,
  name: z.string({ error: returnMsg.name }).trim().min(RETURN_LIMITS.nameMin, returnMsg.name).max(RETURN_LIMITS.nameMax, returnMsg.name),
  email: z.string({ error: returnMsg.email }).trim().email(returnMsg.email).max(254, returnMsg.email),
  lines: lineChoicesSchema,
  reason: reasonSchema,
  /** Bank transfer, cash on delivery and pickup: where the shop sends the money back (checked with ibantools on the server). */
  iban: z.string({ error: returnMsg.iban }).trim().max(42, returnMsg.iban).optional(),
  requestKey: z.uuid({ error: returnMsg.replayed }),
});
export type WithdrawalInput = z.infer<typeof withdrawalInputSchema>;

/** One line of the order as the withdrawal form shows it. */
export const withdrawableLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int(),
  /** Units not yet withdrawn or returned. */
  returnable: z.number().int(),
  /** The exclusion's label when the product is excluded from withdrawal; such a line cannot be chosen. */
  excluded: z.string().nullable(),
});
/** What the form shows after step one identified the order. */
export const withdrawableOrderSchema = z.object({
  orderNumber: z.number().int(),
  placedAt: z.string(),
  customerName: z.string(),
  /** The order's e-mail, to prefill the form (whoever asked knows it: the order page's token, or the pair). */
  customerEmail: z.string(),
  /** The last day (it-IT, '18 dicembre 2026') the shopper may withdraw; null: not delivered yet. */
  lastDay: z.string().nullable(),
  /** Bank transfer, cash on delivery, pickup: the form asks for an IBAN. */
  needsIban: z.boolean(),
  lines: z.array(withdrawableLineSchema),
  returnAddress: z.string(),
  returnShippingPaidBy: z.enum(['customer', 'store']),
  instructions: z.string(),
});
export type WithdrawableOrder = z.infer<typeof withdrawableOrderSchema>;
export const withdrawalReceiptSchema = z.object({ returnNumber: z.number().int(), receivedAt: z.string() });
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>;

/** Impostazioni → Resi. */
export const returnSettingsSchema = z.strictObject({
  address: z.string({ error: returnMsg.address }).trim().max(RETURN_LIMITS.addressMax, returnMsg.address),
  returnShippingPaidBy: z.enum(['customer', 'store'], { error: 'Scegli chi paga la spedizione del reso' }),
  instructions: z.string({ error: returnMsg.instructions }).trim().max(RETURN_LIMITS.instructionsMax, returnMsg.instructions),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;
export const RETURN_SHIPPING_LABELS: Record<ReturnSettings['returnShippingPaidBy'], string> = {
  customer: 'La spedizione del reso è a carico del cliente',
  store: 'La spedizione del reso è a carico del negozio',
};

/** 'Apri un reso' on an order (the team). */
export const openReturnInputSchema = z.strictObject({ lines: lineChoicesSchema, reason: reasonSchema });
export type OpenReturnInput = z.infer<typeof openReturnInputSchema>;
export const rejectReturnInputSchema = z.strictObject({
  reason: z.string({ error: returnMsg.rejectReason }).trim().min(1, returnMsg.rejectReason).max(RETURN_LIMITS.reasonMax, returnMsg.rejectReason),
});
/** 'Ricevuto': the lines that go back to stock (stock history reason 'Reso'); none: nothing restocked. */
export const receiveReturnInputSchema = z.strictObject({ restock: z.array(lineChoiceSchema).max(500).default([]) });

const centsSchema = z.number({ error: returnMsg.refundAmount }).int(returnMsg.refundAmount).min(0, returnMsg.refundAmount).max(1e10, returnMsg.refundAmount);
/** 'Rimborsa': lines and quantities, shipping (in full or part) and a free adjustment (may be negative: a deduction). */
export const refundInputSchema = z.strictObject({
  returnId: z.string().min(1).max(64).optional(),
  lines: z.array(lineChoiceSchema).max(500).default([]),
  shippingCents: centsSchema.default(0),
  adjustmentCents: z
    .number({ error: returnMsg.refundAmount })
    .int(returnMsg.refundAmount)
    .min(-1e10, returnMsg.refundAmount)
    .max(1e10, returnMsg.refundAmount)
    .default(0),
  /** Manual refunds: the shopper's IBAN, when the withdrawal did not give one. */
  iban: z.string({ error: returnMsg.iban }).trim().max(42, returnMsg.iban).optional(),
  note: z.string().trim().max(RETURN_LIMITS.reasonMax, returnMsg.reason).optional(),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const returnSettingsResponseSchema = z.object({ settings: returnSettingsSchema });
export const DEFAULT_RETURN_SETTINGS: ReturnSettings = { address: '', returnShippingPaidBy: 'customer', instructions: '' };

/** The team's returns ('Resi'): what only 'Apri un reso', 'Ricevuto' and the list say. */
export const returnRequestsMsg = {
  restockLine: 'Uno dei prodotti da rimettere in magazzino non fa parte del reso',
  restockOver: (title: string, most: number) => `Di «${title}» puoi rimettere in magazzino al massimo ${most}`,
  restockNotShipped: 'L’ordine non risulta spedito: i suoi articoli sono ancora in magazzino',
  status: 'Stato del reso non valido',
  page: 'Pagina non valida',
  rejectSubject: (n: number) => `Il tuo reso n. ${n} non è stato accettato`,
} as const;
/* Impostazioni → Resi and 'Escluso dal recesso' (the settings helper's additions). */
/** The reasons as the product form's select names them (the product page shows WITHDRAWAL_EXCLUSION_LABELS). */
export const WITHDRAWAL_EXCLUSION_CHOICES: Record<WithdrawalExclusion, string> = {
  custom: 'Realizzato su misura o personalizzato',
  perishable: 'Deperibile',
  sealed: 'Sigillato per motivi igienici',
};
