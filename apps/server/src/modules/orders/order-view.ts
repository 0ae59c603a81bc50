import {
  invoiceRequestDataSchema,
  paymentInstructionsSchema,
  type AppliedDiscount,
  type InvoiceRequestData,
  type OrderConfirmation,
  type OrderSummary,
  type PaymentInstructions,
} from '@vetrina/shared';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.js';

type OrderRow = Selectable<OrdersTable>;

/** How a stored order reads in the dashboard's list (and at the top of its details). */
export function toSummary(o: OrderRow & { item_count: number; refunded_done: number }): OrderSummary {
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    createdAt: o.created_at,
    customerName: o.customer_name,
    customerEmail: o.customer_email,
    customerPhone: o.customer_phone,
    shippingAddress: {
      street: o.shipping_street,
      city: o.shipping_city,
      postalCode: o.shipping_postal_code,
      province: o.shipping_province,
      country: o.shipping_country,
    },
    subtotalCents: o.subtotal_cents,
    discountCents: o.discount_cents,
    discount: discountOf(o),
    shippingCents: o.shipping_cents,
    surchargeCents: o.surcharge_cents,
    totalCents: o.total_cents,
    refundedCents: Number(o.refunded_done),
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    paidAt: o.paid_at,
    paymentDueAt: o.payment_due_at,
    notes: o.notes,
    itemCount: Number(o.item_count),
    confirmation: confirmationOf(o),
  };
}

/** 'Da confermare' and who confirmed, or null when the order needs no confirmation. */
export function confirmationOf(o: Pick<OrderRow, 'confirmation' | 'confirmation_due_at' | 'confirmed_at' | 'confirmed_by'>): OrderConfirmation {
  if (!o.confirmation) return null;
  return { state: o.confirmation, dueAt: o.confirmation_due_at, confirmedAt: o.confirmed_at, confirmedBy: o.confirmed_by };
}

/** The discount code as the order was placed with it, or null. */
export function discountOf(o: Pick<OrderRow, 'discount_code' | 'discount_kind' | 'discount_value'>): AppliedDiscount | null {
  return o.discount_code && o.discount_kind && o.discount_value !== null ? { code: o.discount_code, kind: o.discount_kind, value: o.discount_value } : null;
}

/** The shopper's 'Richiedi fattura', or null (none asked, or unreadable). */
export function invoiceRequestOf(o: Pick<OrderRow, 'invoice_request'>): InvoiceRequestData | null {
  if (!o.invoice_request) return null;
  try {
    return invoiceRequestDataSchema.safeParse(JSON.parse(o.invoice_request)).data ?? null;
  } catch {
    return null;
  }
}

/** The instructions snapshot stored with the order (orders from before payments: cash on delivery). */
export function instructionsOf(o: Pick<OrderRow, 'payment_details' | 'payment_method' | 'surcharge_cents'>): PaymentInstructions {
  try {
    const parsed = paymentInstructionsSchema.safeParse(JSON.parse(o.payment_details ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return o.payment_method === 'card' ? { method: 'card', checkoutUrl: null } : { method: 'cod', surchargeCents: o.surcharge_cents };
}
