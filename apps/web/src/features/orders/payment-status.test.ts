import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@vetrina/shared';
import { isPaymentStatus, paymentActions } from './payment-status';

const order = (paymentStatus: PaymentStatus, paymentMethod: PaymentMethod = 'bank_transfer', status: OrderStatus = 'pending') => ({
  paymentStatus,
  paymentMethod,
  status,
});

describe('paymentActions', () => {
  it('lets the team mark an unpaid order as paid, for every method but card', () => {
    for (const method of PAYMENT_METHODS) {
      expect(paymentActions(order('unpaid', method))).toEqual(method === 'card' ? [] : ['paid']);
    }
  });

  it('does not mark a cancelled order as paid', () => {
    expect(paymentActions(order('unpaid', 'cod', 'cancelled'))).toEqual([]);
    for (const status of ORDER_STATUSES.filter((s) => s !== 'cancelled')) expect(paymentActions(order('unpaid', 'cod', status))).toEqual(['paid']);
  });

  it('offers the refund on paid orders only, card ones included', () => {
    expect(paymentActions(order('paid', 'card', 'delivered'))).toEqual(['refunded']);
    expect(paymentActions(order('paid', 'pickup', 'cancelled'))).toEqual(['refunded']);
    expect(paymentActions(order('refunded'))).toEqual([]);
    expect(paymentActions(order('expired', 'bank_transfer', 'cancelled'))).toEqual([]);
  });
});

describe('isPaymentStatus', () => {
  it('accepts the four payment statuses only', () => {
    expect(isPaymentStatus('unpaid')).toBe(true);
    expect(isPaymentStatus('expired')).toBe(true);
    expect(isPaymentStatus('pending')).toBe(false);
    expect(isPaymentStatus(null)).toBe(false);
  });
});
