import { z } from 'zod';
import { CHECKOUT_MAX_LINES, CHECKOUT_MAX_QTY, ORDER_STATUSES, type OrderStatus } from './constants.js';
import { paymentMethodSchema, paymentStatusSchema } from './payments.js';
import { orderConfirmationSchema } from './order-confirmation.js';
import { fulfilmentMsg, shipmentInputSchema } from './fulfilment.js';
import { appliedDiscountSchema, discountCodeInputSchema } from './discounts.js';
import { DOMESTIC_COUNTRY } from './shipping.js';
import { invoiceRequestSchema } from './invoice-request.js';
import { isProvinceCode, provinceMsg } from './provinces.js';

export * from './order-confirmation.js';

/** The spec's only country, still the default destination. */
export const SHIPPING_COUNTRY = DOMESTIC_COUNTRY;

export const checkoutMsg = {
  name: 'Il nome deve essere almeno 2 caratteri',
  email: 'Email non valida',
  address: 'Indirizzo troppo corto',
  city: 'Città non valida',
  postalCode: 'CAP non valido',
  notes: 'Le note possono contenere al massimo 500 caratteri',
  phone: 'Numero di telefono non valido',
  emptyCart: 'Carrello vuoto',
  tooManyLines: `Il carrello può contenere al massimo ${CHECKOUT_MAX_LINES} prodotti diversi`,
  quantity: `La quantità deve essere un numero intero tra 1 e ${CHECKOUT_MAX_QTY}`,
  totalChanged: 'I prezzi sono cambiati: controlla il carrello aggiornato e conferma di nuovo l’ordine.',
  insufficient: (title: string) => `Disponibilità insufficiente per "${title}"`,
  /** A product that is not (or no longer) on sale: never named, its title may be a draft's. */
  unavailable: 'Prodotto non disponibile: un articolo del carrello non è più in vendita. Toglilo dal carrello e riprova.',
  variantUnavailable: (title: string) => `La variante scelta per "${title}" non è più disponibile`,
  variantRequired: (title: string) => `Seleziona una variante per "${title}"`,
  tooMany: 'Hai raggiunto il limite di ordini. Riprova tra qualche ora.',
  terms: 'Per ordinare devi accettare i termini e le condizioni',
  idempotencyReused: 'Questa chiave di idempotenza è già stata usata per un ordine diverso: ricarica la pagina e riprova.',
} as const;

/** The customer part of the checkout form: the same object validates the form and the API. */
export const checkoutCustomerSchema = z.object({
  customerName: z.string({ error: checkoutMsg.name }).trim().min(2, checkoutMsg.name).max(100, 'Il nome può contenere al massimo 100 caratteri'),
  customerEmail: z.string({ error: checkoutMsg.email }).trim().max(255, checkoutMsg.email).email(checkoutMsg.email),
  customerPhone: z
    .string({ error: checkoutMsg.phone })
    .trim()
    .max(30, checkoutMsg.phone)
    .regex(/^[+\d][\d\s./-]*$|^$/, checkoutMsg.phone)
    .optional(),
  street: z.string({ error: checkoutMsg.address }).trim().min(5, checkoutMsg.address).max(200, 'Indirizzo troppo lungo'),
  city: z.string({ error: checkoutMsg.city }).trim().min(2, checkoutMsg.city).max(100, checkoutMsg.city),
  postalCode: z.string({ error: checkoutMsg.postalCode }).trim().min(3, checkoutMsg.postalCode).max(10, checkoutMsg.postalCode),
  /** 'Provincia': a sigla of the 107 (provinces.ts), required when the destination is Italy (checked with the destination). */
  province: z
    .string({ error: provinceMsg.invalid })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isProvinceCode(v), provinceMsg.invalid)
    .optional(),
  notes: z.string({ error: checkoutMsg.notes }).trim().max(500, checkoutMsg.notes).optional(),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

const id = z.string({ error: 'Prodotto non valido' }).min(1, 'Prodotto non valido').max(64, 'Prodotto non valido');

export const checkoutLineSchema = z.strictObject({
  productId: id,
  variantId: id.nullable().optional(),
  quantity: z.number({ error: checkoutMsg.quantity }).int(checkoutMsg.quantity).min(1, checkoutMsg.quantity).max(CHECKOUT_MAX_QTY, checkoutMsg.quantity),
  /** What the shopper saw; the server never trusts it, only compares the total. */
  unitPriceCents: z.number().int().min(0).max(100_000_000).optional(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutSchema = z.strictObject({
  items: z.array(checkoutLineSchema, { error: checkoutMsg.emptyCart }).min(1, checkoutMsg.emptyCart).max(CHECKOUT_MAX_LINES, checkoutMsg.tooManyLines),
  customer: checkoutCustomerSchema.strict(),
  /** A destination the store ships to, by its Italian name (Impostazioni → Spedizioni); Italy by default. */
  country: z.string({ error: 'Paese non valido' }).trim().min(2, 'Paese non valido').max(60, 'Paese non valido').default(SHIPPING_COUNTRY),
  subtotalCents: z.number().int().min(0).max(1_000_000_000),
  /** 'Codice sconto': empty means none. Checked and counted by the server in the order's transaction. */
  discountCode: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), discountCodeInputSchema.optional()),
  /** What the discount took off in the shopper's eyes; informative, like the subtotal. */
  discountCents: z.number().int().min(0).max(1_000_000_000).optional(),
  /** 'Ho letto e accetto i Termini e condizioni': required for every order. */
  acceptTerms: z.literal(true, { error: checkoutMsg.terms }),
  /** 'Voglio ricevere via e-mail novità e offerte di {store}': optional, never pre-ticked; absent means no. */
  marketingConsent: z.boolean({ error: 'Consenso non valido' }).optional(),
  shippingCents: z.number().int().min(0).max(1_000_000),
  /** The payment method's surcharge the shopper saw (cash on delivery); informative, like the subtotal. */
  surchargeCents: z.number().int().min(0).max(1_000_000).optional(),
  /** One of the methods the store has enabled ('Metodo di pagamento non disponibile' otherwise). */
  paymentMethod: paymentMethodSchema,
  totalCents: z.number({ error: 'Totale non valido' }).int('Totale non valido').min(0).max(1_000_000_000),
  /** One key per checkout attempt: a double click or a retried request creates one order. */
  idempotencyKey: z
    .string({ error: 'Chiave di idempotenza non valida' })
    .min(8)
    .max(100)
    .regex(/^[\w-]+$/, 'Chiave di idempotenza non valida'),
  /** 'Richiedi fattura': absent or null when the shopper wants none. */
  invoice: invoiceRequestSchema.nullable().optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const shippingAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  province: z.string().nullable(),
  country: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Stato non valido' });
/** The team's status change; 'Spedito' may carry the carrier and tracking (fulfilment.ts). */
export const updateOrderStatusSchema = z
  .strictObject({ status: orderStatusSchema, shipment: shipmentInputSchema.optional() })
  .refine((v) => !v.shipment || v.status === 'shipped', { path: ['shipment'], message: fulfilmentMsg.shipmentOnlyWhenShipped });
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

export const ordersQuerySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
  /** 'Da confermare': open orders still waiting for the shopper's confirmation. */
  confirmation: z.enum(['awaiting'], { error: 'Filtro non valido' }).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;
export type OrdersFilter = z.output<typeof ordersQuerySchema>;

const cents = z.number().int();

export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: orderStatusSchema,
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  /** `province`: the sigla ('MI') for Italy, null abroad and on orders placed before it was asked. */
  shippingAddress: shippingAddressSchema,
  subtotalCents: cents,
  discountCents: cents,
  /** The code as it was when the order was placed (null: none). */
  discount: appliedDiscountSchema.nullable(),
  shippingCents: cents,
  surchargeCents: cents,
  totalCents: cents,
  /** What succeeded refunds returned (issue 48): the list shows the total net of it. */
  refundedCents: cents,
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  paidAt: z.string().nullable(),
  /** Bank transfer and card: when an unpaid order is cancelled on its own. */
  paymentDueAt: z.string().nullable(),
  notes: z.string().nullable(),
  itemCount: z.number().int(),
  confirmation: orderConfirmationSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** One page of the dashboard's order list. */
export const ordersPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Open orders of the store waiting for the shopper's confirmation, whatever the filter ('Da confermare' tab). */
  awaitingConfirmation: z.number().int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** The answer to a checkout (also when a retried request replays the order it already created). */
export const checkoutResultSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  orderNumber: z.number().int(),
  totalCents: cents,
  /** The shopper's order page: /store/{slug}/ordine/{orderToken}. */
  orderToken: z.string(),
  /** Card payments: Stripe Checkout's page, where the shopper goes next; null for the other methods. */
  paymentUrl: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Statuses whose items are held in `reserved`; shipped ones have left `qty`; cancelled hold nothing. */
export type StockEffect = 'reserved' | 'shipped' | 'none';
export function stockEffect(status: OrderStatus): StockEffect {
  if (status === 'shipped' || status === 'delivered') return 'shipped';
  if (status === 'cancelled') return 'none';
  return 'reserved';
}
