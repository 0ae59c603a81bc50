import { useState } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { CreditCard, Gift, Headset, RotateCcw } from 'lucide-react';
import { BillingToggle } from '../components/pricing/billing-toggle';
import { PlanCard } from '../components/pricing/plan-card';
import { pricingPlans, type BillingPeriod } from '../pricing-plans';

const guarantees: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: CreditCard, title: 'Nessuna carta richiesta', text: 'Crei il tuo store e lo provi senza inserire dati di pagamento.' },
  { icon: RotateCcw, title: 'Soddisfatti o rimborsati', text: 'Garanzia di 30 giorni: se non fa per te, ti restituiamo tutto.' },
  { icon: Headset, title: 'Assistenza in 2 minuti', text: 'Chat dal vivo nei giorni feriali, dalle 9 alle 18.' },
];

export default function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <main className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <title>Prezzi · Vetrina</title>
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-violet-700">Prezzi</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Prezzi chiari, zero commissioni sulle vendite</h1>
        <p className="mt-4 text-muted-foreground text-pretty">
          Scegli il piano adatto al tuo negozio oggi e passa a quello successivo quando cresci. Nessun costo nascosto, nessuna percentuale sul venduto.
        </p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-violet-200 bg-accent px-4 py-1.5 text-sm font-medium text-accent-foreground">
          <Gift aria-hidden className="size-4" />
          Offerta di lancio: 3 mesi al prezzo di 2
        </p>
      </header>

      <div className="mt-10">
        <BillingToggle period={period} onChange={setPeriod} />
      </div>

      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {pricingPlans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </div>

      <section aria-labelledby="guarantees-title" className="mt-16 rounded-xl border bg-muted/40 p-6 sm:p-8">
        <h2 id="guarantees-title" className="sr-only">
          Le nostre garanzie
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {guarantees.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-violet-700" />
              <div>
                <h3 className="text-sm font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-zinc-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        Hai ancora dubbi?{' '}
        <Link to="/faq" className="font-medium text-violet-700 underline-offset-4 hover:underline">
          Leggi le domande frequenti
        </Link>
      </p>
    </main>
  );
}
