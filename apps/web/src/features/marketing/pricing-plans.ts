import { formatNumber } from '@vetrina/shared/italian-format';
import { formatEuro } from '@vetrina/shared/pricing';

export type BillingPeriod = 'monthly' | 'annual';

export interface PricingPlan {
  id: string;
  name: string;
  description: string;
  /** Monthly price in integer cents; null for plans priced on request. */
  monthlyCents: number | null;
  features: string[];
  cta: string;
  popular?: boolean;
}

export const ANNUAL_DISCOUNT = 0.2;

export const pricingPlans: PricingPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Per chi apre il primo negozio online.',
    monthlyCents: 2900,
    features: ['1 store', 'Prodotti illimitati', '0% commissioni sulle transazioni', 'Dominio personalizzato', 'Backup giornalieri'],
    cta: 'Inizia gratis',
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'Per i negozi che crescono e lavorano in squadra.',
    monthlyCents: 7900,
    features: [
      'Tutto quello di Starter',
      '3 store',
      'Team fino a 5 persone',
      'Analisi in tempo reale',
      'Migrazione assistita gratuita',
      'Prova gratuita di 14 giorni',
    ],
    cta: 'Prova gratis per 14 giorni',
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Per marchi con più negozi e volumi importanti.',
    monthlyCents: null,
    features: ['Tutto quello di Professional', 'Store illimitati', 'Team illimitati', 'SLA di uptime del 99,99%', 'Condizioni contrattuali su misura'],
    cta: 'Inizia ora',
  },
];

/** Monthly-equivalent price for the chosen billing period, in cents. */
export const monthlyPriceCents = (plan: PricingPlan, period: BillingPeriod) =>
  plan.monthlyCents === null ? null : period === 'annual' ? Math.round(plan.monthlyCents * (1 - ANNUAL_DISCOUNT)) : plan.monthlyCents;

/**
 * "29 €" for round amounts, "23,20 €" otherwise. The shared formatters, not an `Intl` one: the first
 * `Intl.NumberFormat` a page builds loads the browser's locale data (docs/decisions/0009-public-rendering.md).
 */
export const formatPlanPrice = (cents: number) => (cents % 100 === 0 ? `${formatNumber(cents / 100)}\u00a0€` : formatEuro(cents));
