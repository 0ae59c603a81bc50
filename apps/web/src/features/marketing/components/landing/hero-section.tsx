import { Link } from 'react-router';
import { ArrowRight, Check, Gift } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { HeroPreview } from './hero-preview';

const reassurances = ['Nessuna carta richiesta', '0% commissioni sulle vendite', 'Rimborso entro 30 giorni'];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.14),transparent_65%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
            <Gift aria-hidden className="size-3.5" />
            Offerta di lancio: 3 mesi al prezzo di 2
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Il tuo negozio online, pronto in un pomeriggio
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Catalogo, ordini, team e analisi in un&apos;unica dashboard. Da 29 € al mese, senza commissioni sulle transazioni e con un&apos;assistenza che
            risponde in 2 minuti.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('default', 'lg')}>
              Inizia gratis
              <ArrowRight aria-hidden />
            </Link>
            <Link to="/login" className={buttonClasses('outline', 'lg')}>
              Accedi
            </Link>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {reassurances.map((text) => (
              <li key={text} className="flex items-center gap-1.5">
                <Check aria-hidden className="size-4 text-emerald-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
