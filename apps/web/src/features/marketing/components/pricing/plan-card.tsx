import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPlanPrice, monthlyPriceCents, type BillingPeriod, type PricingPlan } from '../../pricing-plans';

function PlanPrice({ plan, period }: { plan: PricingPlan; period: BillingPeriod }) {
  const cents = monthlyPriceCents(plan, period);
  if (cents === null || plan.monthlyCents === null) {
    return (
      <div className="mt-6 min-h-20">
        <p className="text-4xl font-bold tracking-tight">Su misura</p>
        <p className="mt-2 text-sm text-muted-foreground">Prezzo definito in base ai tuoi volumi</p>
      </div>
    );
  }
  const annual = period === 'annual';
  return (
    <div className="mt-6 min-h-20">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{formatPlanPrice(cents)}</span>
        <span className="text-sm text-muted-foreground">/mese</span>
        {annual && (
          <>
            <span className="text-sm text-muted-foreground line-through tabular-nums">
              <span className="sr-only">invece di </span>
              {formatPlanPrice(plan.monthlyCents)}
            </span>
            <span className="self-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Risparmia 20%</span>
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        {annual ? `Fatturato annualmente: ${formatPlanPrice(cents * 12)} all'anno` : 'Fatturato mensilmente, disdici quando vuoi'}
      </p>
    </div>
  );
}

export function PlanCard({ plan, period }: { plan: PricingPlan; period: BillingPeriod }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-6 shadow-sm sm:p-8',
        plan.popular && 'border-2 border-primary shadow-lg shadow-violet-500/10',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-violet-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          Più popolare
        </p>
      )}
      <h2 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground lg:min-h-10">{plan.description}</p>
      <PlanPrice plan={plan} period={period} />
      <Link to="/register" aria-describedby={titleId} className={buttonClasses(plan.popular ? 'default' : 'outline', 'lg', 'mt-6 w-full')}>
        {plan.cta}
      </Link>
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-violet-600" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
