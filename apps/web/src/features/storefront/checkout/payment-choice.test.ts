import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vetrina/shared/constants';
import type { PublicPaymentOption } from '@vetrina/shared/payments';
import { formatCents } from '@/lib/format';
import type { CartLine } from '../cart/cart-lines';
import { chosenPayment, paymentChoices, paymentCostText } from './payment-choice';

const line = (price: number, quantity = 1): CartLine => ({
  productId: `p${price}`,
  variantId: null,
  title: 'Tazza',
  variantLabel: null,
  price,
  image: null,
  quantity,
});
const option = (over: Partial<PublicPaymentOption> & Pick<PublicPaymentOption, 'method'>): PublicPaymentOption => ({
  label: over.method,
  surchargeCents: 0,
  freeShipping: false,
  maxTotalCents: null,
  description: '',
  ...over,
});
const bank = option({ method: 'bank_transfer' });
const cod = option({ method: 'cod', surchargeCents: 200, maxTotalCents: 10_000 });
const pickup = option({ method: 'pickup', freeShipping: true });
const ship = LIMITS.shippingCents;

describe('the checkout payment methods, priced for the cart', () => {
  it('prices each method with the shared totals: flat shipping, the cash-on-delivery surcharge, no shipping for pickup', () => {
    const [b, c, p] = paymentChoices([bank, cod, pickup], [line(1500, 2), line(990)], formatCents);
    expect(b!.totals).toEqual({ subtotalCents: 3990, discountCents: 0, shippingCents: ship, surchargeCents: 0, totalCents: 3990 + ship });
    expect(c!.totals).toEqual({ subtotalCents: 3990, discountCents: 0, shippingCents: ship, surchargeCents: 200, totalCents: 3990 + ship + 200 });
    expect(p!.totals).toEqual({ subtotalCents: 3990, discountCents: 0, shippingCents: 0, surchargeCents: 0, totalCents: 3990 });
  });

  it('disables cash on delivery above its maximum total (surcharge and shipping included), with the shared message', () => {
    const fits = 10_000 - ship - 200;
    expect(paymentChoices([cod], [line(fits)], formatCents)[0]!.disabledReason).toBeNull();
    const [over] = paymentChoices([cod], [line(fits + 1)], formatCents);
    expect(over!.disabledReason).toBe(`Il contrassegno è disponibile per ordini fino a ${formatCents(10_000)}`);
  });

  it('keeps the shopper’s pick while it is usable, else falls back to the first usable method', () => {
    const cheap = paymentChoices([cod, bank, pickup], [line(1000)], formatCents);
    expect(chosenPayment(cheap, null)!.option.method).toBe('cod');
    expect(chosenPayment(cheap, 'pickup')!.option.method).toBe('pickup');
    const dear = paymentChoices([cod, bank, pickup], [line(20_000)], formatCents);
    expect(chosenPayment(dear, 'cod')!.option.method).toBe('bank_transfer');
    expect(chosenPayment(paymentChoices([bank], [line(1000)], formatCents), 'card')!.option.method).toBe('bank_transfer');
    expect(chosenPayment(paymentChoices([cod], [line(20_000)], formatCents), null)).toBeNull();
  });

  it('says what a method adds', () => {
    expect(paymentCostText(cod, formatCents)).toBe(`+ ${formatCents(200)}`);
    expect(paymentCostText(cod, formatCents)).toMatch(/^\+ 2,00\s€$/);
    expect(paymentCostText(pickup, formatCents)).toBe('Nessuna spedizione');
    expect(paymentCostText(bank, formatCents)).toBeNull();
  });
});
