import { z } from 'zod';
import { appliedDiscountSchema } from './discounts.js';
import { ORDER_STATUSES, type OrderStatus } from './constants.js';
import { shipmentSchema } from './fulfilment.js';
import { orderConfirmationSchema } from './order-confirmation.js';
import type { MethodCharges } from './pricing.js';

export const PAYMENT_METHODS = ['bank_transfer', 'cod', 'pickup', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bonifico bancario',
  cod: 'Contrassegno',
  pickup: 'Ritiro in negozio',
  card: 'Carta di credito',
};

/** Beside the order's own status: whether the money arrived. 'expired': cancelled at the payment deadline. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Da pagare',
  paid: 'Pagato',
  partially_refunded: 'Rimborsato parzialmente',
  refunded: 'Rimborsato',
  expired: 'Scaduto',
};

export const PAYMENT_LIMITS = {
  deadlineDaysMin: 1,
  deadlineDaysMax: 60,
  deadlineDaysDefault: 5,
  /** Cash-on-delivery surcharge: at most 50,00 €. */
  surchargeMaxCents: 5_000,
  maxTotalMaxCents: 100_000_000,
  /** An unpaid card order is cancelled when Stripe's Checkout Session would have expired (24 h). */
  cardHoldHours: 24,
} as const;

export const paymentMsg = {
  iban: 'IBAN non valido',
  ibanRequired: 'Inserisci l’IBAN per ricevere i bonifici',
  holder: 'Inserisci l’intestatario del conto (2-100 caratteri)',
  bank: 'Il nome della banca può contenere al massimo 100 caratteri',
  deadline: `La scadenza del bonifico deve essere tra ${PAYMENT_LIMITS.deadlineDaysMin} e ${PAYMENT_LIMITS.deadlineDaysMax} giorni`,
  surcharge: 'Il supplemento del contrassegno deve essere tra 0 e 50,00 €',
  maxTotal: 'Il totale massimo per il contrassegno non è valido',
  pickupAddress: 'Inserisci l’indirizzo del negozio per il ritiro (5-200 caratteri)',
  pickupHours: 'Inserisci gli orari di apertura (2-300 caratteri)',
  stripeSecret: 'Chiave segreta Stripe non valida: inizia con sk_live_ o sk_test_',
  stripeWebhook: 'Segreto del webhook Stripe non valido: inizia con whsec_',
  stripeMissing: 'Per accettare le carte inserisci la chiave segreta e il segreto del webhook di Stripe',
  atLeastOne: 'Abilita almeno un metodo di pagamento',
  unavailable: 'Metodo di pagamento non disponibile',
  codOverMax: (max: string) => `Il contrassegno è disponibile per ordini fino a ${max}`,
  cardUnavailable: 'Il pagamento con carta non è disponibile in questo momento: scegli un altro metodo o riprova tra poco.',
  tokenInvalid: 'Link dell’ordine non valido',
  orderNotFound: 'Ordine non trovato',
  markPaidOnlyUnpaid: 'Solo un ordine da pagare può essere segnato come pagato',
  markPaidCard: 'I pagamenti con carta sono confermati da Stripe: non si segnano a mano',
  markPaidCancelled: 'L’ordine è annullato: riattivalo prima di segnarlo come pagato',
  refundOnlyPaid: 'Solo un ordine pagato può essere segnato come rimborsato',
} as const;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: paymentMsg.unavailable });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: 'Stato del pagamento non valido' });

/** What the team may set by hand (orders page). */
export const updatePaymentStatusSchema = z.strictObject({ paymentStatus: z.enum(['paid', 'refunded'], { error: 'Stato del pagamento non valido' }) });
export type UpdatePaymentStatusInput = z.infer<typeof updatePaymentStatusSchema>;
export type ManualPaymentStatus = UpdatePaymentStatusInput['paymentStatus'];

/**
 * Why the team may not set this payment status by hand, or null when it may: 'Pagato' for an
 * unpaid order that is not cancelled and not paid by card (Stripe confirms those), 'Rimborsato'
 * for a paid one. The one rule behind the order's buttons and the server's refusal.
 */
export function manualPaymentRefusal(
  order: { paymentStatus: PaymentStatus; paymentMethod: PaymentMethod; status: OrderStatus },
  to: ManualPaymentStatus,
): string | null {
  if (to === 'refunded') return order.paymentStatus === 'paid' ? null : paymentMsg.refundOnlyPaid;
  if (order.paymentMethod === 'card') return paymentMsg.markPaidCard;
  if (order.status === 'cancelled') return paymentMsg.markPaidCancelled;
  return order.paymentStatus === 'unpaid' ? null : paymentMsg.markPaidOnlyUnpaid;
}

/** The payment statuses the team may set by hand on this order (the buttons the order shows). */
export const manualPaymentActions = (order: Parameters<typeof manualPaymentRefusal>[0]): ManualPaymentStatus[] =>
  (['paid', 'refunded'] as const).filter((to) => manualPaymentRefusal(order, to) === null);

/** One method the storefront offers at checkout, with what it costs. */
export const publicPaymentOptionSchema = z.object({
  method: paymentMethodSchema,
  label: z.string(),
  surchargeCents: z.number().int(),
  freeShipping: z.boolean(),
  /** Orders above this total cannot use the method (cash on delivery); null: no limit. */
  maxTotalCents: z.number().int().nullable(),
  /** One line under the method's name (deadline, pickup address and hours…). */
  description: z.string(),
});
export type PublicPaymentOption = z.infer<typeof publicPaymentOptionSchema>;
export const publicPaymentOptionsSchema = z.object({ methods: z.array(publicPaymentOptionSchema) });
export type PublicPaymentOptions = z.infer<typeof publicPaymentOptionsSchema>;

/** The totals rule's view of a method (packages/shared/src/pricing.ts). */
export const methodCharges = (o: Pick<PublicPaymentOption, 'surchargeCents' | 'freeShipping'> | null | undefined): MethodCharges => ({
  surchargeCents: o?.surchargeCents ?? 0,
  freeShipping: o?.freeShipping ?? false,
});

/** How the shopper pays, as their order page and confirmation mail show it (a snapshot taken at checkout). */
export const paymentInstructionsSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank_transfer'),
    iban: z.string(),
    holder: z.string(),
    bank: z.string().nullable(),
    /** 'Ordine #{numero} – {store}' */
    causale: z.string(),
    dueAt: z.string(),
  }),
  z.object({ method: z.literal('cod'), surchargeCents: z.number().int() }),
  z.object({ method: z.literal('pickup'), address: z.string(), hours: z.string() }),
  z.object({ method: z.literal('card'), checkoutUrl: z.string().nullable() }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** The causale of a bank transfer. */
export const bankTransferCausale = (orderNumber: number, storeName: string) => `Ordine #${orderNumber} – ${storeName}`;

/** An order page's address: 32 random bytes, base64url (256 bits, 43 characters). */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const orderTokenSchema = z.string().regex(ORDER_TOKEN_PATTERN, paymentMsg.tokenInvalid);

export const orderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['status', 'payment', 'confirmation', 'return', 'refund']),
  /**
   * An order status, a payment status, or who confirmed the order ('shopper', 'team') or 'expired', per kind;
   * a withdrawal or return `{status}:{number}`, a refund `{status}:{cents}` (issue 48).
   */
  value: z.string(),
  label: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The shopper's own order page (`/store/{slug}/ordine/{token}`). */
export const publicOrderSchema = z.object({
  orderNumber: z.number().int(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  customerName: z.string(),
  customerEmail: z.string(),
  shippingAddress: z.object({ street: z.string(), city: z.string(), postalCode: z.string(), province: z.string().nullable(), country: z.string() }),
  items: z.array(
    z.object({
      title: z.string(),
      variantLabel: z.string().nullable(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalPriceCents: z.number().int(),
    }),
  ),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  discount: appliedDiscountSchema.nullable(),
  shippingCents: z.number().int(),
  surchargeCents: z.number().int(),
  totalCents: z.number().int(),
  payment: paymentInstructionsSchema,
  /** 'Da confermare' and the 'Conferma ordine' button while awaiting; null: nothing to confirm. */
  confirmation: orderConfirmationSchema,
  /** Oldest first: created, then every status and payment change. */
  timeline: z.array(orderEventSchema),
  /** Carrier and tracking, once the order is shipped (null before, or when nothing was given). */
  shipment: shipmentSchema.nullable(),
  /** Of which VAT (prices are VAT-inclusive). */
  vatCents: z.number().int(),
  /** True when the shopper asked for an invoice ('Richiedi fattura'). */
  invoiceRequested: z.boolean(),
  /** Issued invoices and credit notes: their courtesy copy is at `copyUrl` (needs the order's token, like this page). */
  invoices: z.array(z.object({ kind: z.enum(['invoice', 'credit_note']), number: z.string(), date: z.string(), copyUrl: z.string() })),
  /** 'Recedi dal contratto' on the order page: offered while open; `lastDay` once delivered (it-IT). */
  withdrawal: z.object({ open: z.boolean(), lastDay: z.string().nullable() }),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;
export const publicOrderResponseSchema = z.object({ order: publicOrderSchema });
