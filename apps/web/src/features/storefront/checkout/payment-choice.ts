import type { OrderTotals, PricingOptions } from '@vetrina/shared/pricing';
import { methodCharges, paymentMsg, type PaymentMethod, type PublicPaymentOption } from '@vetrina/shared/payments';
import type { CartLine } from '../cart/cart-lines';
import { cartOrderTotals } from './checkout-totals';

/** One method of the picker: what the order costs with it, and why it cannot be chosen (null: it can). */
export interface PaymentChoice {
  option: PublicPaymentOption;
  totals: OrderTotals;
  disabledReason: string | null;
}

type Format = (cents: number) => string;

/** Every method the store offers, priced for this cart (destination and discount in `pricing`); one over its maximum total (cash on delivery) is disabled. */
export function paymentChoices(
  options: readonly PublicPaymentOption[],
  lines: readonly CartLine[],
  format: Format,
  pricing: Omit<PricingOptions, 'charges'> = {},
): PaymentChoice[] {
  return options.map((option) => {
    const totals = cartOrderTotals(lines, { ...pricing, charges: methodCharges(option) });
    const over = option.maxTotalCents !== null && totals.totalCents > option.maxTotalCents;
    return { option, totals, disabledReason: over ? paymentMsg.codOverMax(format(option.maxTotalCents!)) : null };
  });
}

/** The method the shopper picked while it is still offered and allowed; otherwise the first one that is. */
export function chosenPayment(choices: readonly PaymentChoice[], picked: PaymentMethod | null): PaymentChoice | null {
  const usable = choices.filter((c) => c.disabledReason === null);
  return usable.find((c) => c.option.method === picked) ?? usable[0] ?? null;
}

/** What a method adds, beside its name: '+ 2,00 €' for a surcharge, 'Nessuna spedizione' for pickup. */
export function paymentCostText(option: Pick<PublicPaymentOption, 'surchargeCents' | 'freeShipping'>, format: Format): string | null {
  const parts = [];
  if (option.surchargeCents > 0) parts.push(`+ ${format(option.surchargeCents)}`);
  if (option.freeShipping) parts.push('Nessuna spedizione');
  return parts.length ? parts.join(' · ') : null;
}
