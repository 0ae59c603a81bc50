import type { Db } from '../../db/index.js';
import type { StripeRefundUpdate } from './stripe.js';

/**
 * What the Stripe webhook asks of the refunds (the returns module, wired in app.ts: returns
 * imports payments, not the reverse).
 */
export interface PaymentRefundsPort {
  /**
   * Applies Stripe's word on the store's refunds in one transaction, which first runs `claim`
   * (records the event once: false for a redelivery, and nothing is applied). True when a refund changed.
   */
  applyStripeRefunds(storeId: string, updates: StripeRefundUpdate[], claim: (trx: Db) => Promise<boolean>): Promise<boolean>;
}
