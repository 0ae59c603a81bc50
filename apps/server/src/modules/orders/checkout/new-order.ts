import {
  PAYMENT_LIMITS,
  bankTransferCausale,
  DOMESTIC_COUNTRY,
  lineTotalCents,
  orderVat,
  methodCharges,
  orderTotals,
  type CheckoutInput,
  type OrderVat,
  type PaymentInstructions,
  type ShippingDestination,
  type VatCode,
} from '@vetrina/shared';
import { canonicalEmail } from '@vetrina/shared/email-canonical';
import type { AcceptedDiscount } from '../../discounts/redemption-service.js';
import type { NotifiedMember } from '../../notifications/service.js';
import type { ChosenMethod } from '../../payments/service.js';
import { confirmationCodeHash, confirmationDueAt } from '../confirmation/service.js';
import type { NewOrder } from '../repo.js';
import { breakdownJson } from '../vat.js';
import type { PricedLine } from './lines.js';

/** Everything the checkout settled before the order is written. */
export interface PlaceOrderInput {
  store: { id: string; name: string };
  slug: string;
  input: CheckoutInput;
  lines: PricedLine[];
  fingerprint: string;
  chosen: ChosenMethod;
  destination: ShippingDestination;
  discount: AcceptedDiscount | null;
  defaultVatCode: VatCode;
  /** The members the order's mails and bell go to. */
  team: NotifiedMember[];
  /** The number taken with the checkout's reads (PostgreSQL); null: the order's transaction takes it. */
  number: number | null;
}

const DAY_MS = 86_400_000;

/** What the shopper is told about paying, fixed at checkout (later settings changes do not rewrite it). */
export function instructionsFor(
  chosen: ChosenMethod,
  orderNumber: number,
  storeName: string,
  now: number,
): { details: PaymentInstructions; dueAt: string | null } {
  const s = chosen.settings;
  switch (chosen.option.method) {
    case 'bank_transfer': {
      const dueAt = new Date(now + s.bankTransfer.deadlineDays * DAY_MS).toISOString();
      return {
        details: {
          method: 'bank_transfer',
          iban: s.bankTransfer.iban,
          holder: s.bankTransfer.holder,
          bank: s.bankTransfer.bank || null,
          causale: bankTransferCausale(orderNumber, storeName),
          dueAt,
        },
        dueAt,
      };
    }
    case 'cod':
      return { details: { method: 'cod', surchargeCents: s.cod.surchargeCents }, dueAt: null };
    case 'pickup':
      return { details: { method: 'pickup', address: s.pickup.address, hours: s.pickup.hours }, dueAt: null };
    case 'card':
      return { details: { method: 'card', checkoutUrl: null }, dueAt: new Date(now + PAYMENT_LIMITS.cardHoldHours * 3_600_000).toISOString() };
  }
}

/** The order's totals for the chosen method, destination and discount, and their VAT. */
export function priceOf({ lines, chosen, destination, discount, defaultVatCode }: PlaceOrderInput) {
  const totals = orderTotals(lines, { charges: methodCharges(chosen.option), shipping: destination, discount: discount?.applied });
  const vat = orderVat({
    items: lines.map((l) => ({ grossCents: lineTotalCents(l), vatCode: l.vatCode ?? defaultVatCode })),
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
    surchargeCents: totals.surchargeCents,
    defaultCode: defaultVatCode,
  });
  return { totals, vat };
}

/** The order's row and lines as the checkout writes them (every column: ordersRepo.insert checks it). */
export function newOrderOf(
  order: PlaceOrderInput,
  o: {
    id: string;
    token: string;
    number: number;
    nowMs: number;
    totals: ReturnType<typeof orderTotals>;
    vat: OrderVat;
    details: PaymentInstructions;
    dueAt: string | null;
    confirmationCode: string | null;
  },
): NewOrder {
  const { store, input, lines, fingerprint, chosen, destination, discount, defaultVatCode } = order;
  const { totals, vat, confirmationCode, nowMs } = o;
  const c = input.customer;
  const now = new Date(nowMs).toISOString();
  const awaiting = confirmationCode !== null;
  return {
    row: {
      id: o.id,
      store_id: store.id,
      order_number: o.number,
      status: 'pending',
      customer_name: c.customerName,
      customer_email: c.customerEmail.toLowerCase(),
      customer_phone: c.customerPhone || null,
      shipping_street: c.street,
      shipping_city: c.city,
      shipping_postal_code: c.postalCode,
      // Asked (and required) for Italy only: abroad a sigla typed earlier means nothing.
      shipping_province: destination.name === DOMESTIC_COUNTRY ? c.province || null : null,
      shipping_country: destination.name,
      subtotal_cents: totals.subtotalCents,
      discount_code: discount?.applied.code ?? null,
      discount_kind: discount?.applied.kind ?? null,
      discount_value: discount?.applied.value ?? null,
      discount_cents: totals.discountCents,
      terms_accepted_at: now,
      // Only an explicit tick of the optional box (GDPR: never pre-ticked, apart from the terms).
      marketing_consent_at: input.marketingConsent === true ? now : null,
      shipping_cents: totals.shippingCents,
      surcharge_cents: totals.surchargeCents,
      total_cents: totals.totalCents,
      notes: c.notes || null,
      idempotency_key: input.idempotencyKey,
      idempotency_fingerprint: fingerprint,
      payment_method: chosen.option.method,
      payment_status: 'unpaid',
      payment_details: JSON.stringify(o.details),
      payment_due_at: o.dueAt,
      paid_at: null,
      stripe_session_id: null,
      public_token: o.token,
      created_at: now,
      updated_at: now,
      taxable_cents: vat.taxableCents,
      vat_cents: vat.vatCents,
      vat_breakdown: breakdownJson(vat),
      invoice_request: input.invoice ? JSON.stringify(input.invoice) : null,
      invoice_id: null,
      confirmation: awaiting ? 'awaiting' : null,
      confirmation_due_at: awaiting ? confirmationDueAt(nowMs) : null,
      confirmation_code_hash: confirmationCode ? confirmationCodeHash(confirmationCode) : null,
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_user_id: null,
      customer_email_key: canonicalEmail(c.customerEmail),
      refunded_cents: 0,
    },
    items: lines.map((l, k) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      title: l.title,
      variant_label: l.variantLabel,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      total_price_cents: l.unitPriceCents * l.quantity,
      vat_code: vat.items[k]?.vatCode ?? defaultVatCode,
      taxable_cents: vat.items[k]?.taxableCents ?? 0,
      vat_cents: vat.items[k]?.vatCents ?? 0,
    })),
  };
}
