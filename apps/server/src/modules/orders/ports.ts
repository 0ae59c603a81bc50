import type { Invoice, PaymentMethod, VatCode } from '@vetrina/shared';
import type { ChosenMethod } from '../payments/service.js';
import type { OrderMember } from './order-audit.js';

/** What the checkout and the order routes ask of the payments module (wired in app.ts: payments imports orders, not the reverse). */
export interface OrderPaymentsPort {
  /** The method as the store offers it, or the Italian 400 when it does not. */
  choose(storeId: string, method: PaymentMethod): Promise<ChosenMethod>;
  /** Opens Stripe Checkout for a card order just placed; the URL the shopper is sent to. */
  openCardSession(order: { storeId: string; storeName: string; slug: string; orderId: string; token: string }, chosen: ChosenMethod): Promise<string>;
  /** The team marks an order 'Pagato' or 'Rimborsato' (recorded in 'Registro attività' as the member). */
  setByTeam(member: OrderMember, orderId: string, to: 'paid' | 'refunded'): Promise<void>;
}

/** What the order pages show of the invoices module (wired in app.ts: invoices imports orders, not the reverse). */
export interface OrderInvoicesPort {
  /** The order's invoices and credit notes, oldest first. */
  ofOrder(storeId: string, orderId: string): Promise<Invoice[]>;
  /** The store's VAT code for products without their own, shipping and surcharges. */
  defaultVatCode(storeId: string): Promise<VatCode>;
}

export interface OrderPorts {
  payments: OrderPaymentsPort;
  invoices: OrderInvoicesPort;
}
