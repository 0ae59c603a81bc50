import { describe, expect, it } from 'vitest';
import { formatPlanPrice, monthlyPriceCents, pricingPlans } from './pricing-plans';

describe('pricing page prices', () => {
  const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', trailingZeroDisplay: 'stripIfInteger' });
  it('read as Intl prints them: whole euros without decimals, other amounts with two', () => {
    expect(formatPlanPrice(2900)).toBe('29\u00a0€');
    expect(formatPlanPrice(2320)).toBe('23,20\u00a0€');
    for (const plan of pricingPlans) {
      if (plan.monthlyCents === null) continue;
      for (const period of ['monthly', 'annual'] as const) {
        const cents = monthlyPriceCents(plan, period)!;
        expect(formatPlanPrice(cents)).toBe(intl.format(cents / 100));
        expect(formatPlanPrice(cents * 12)).toBe(intl.format((cents * 12) / 100));
      }
    }
  });
});
