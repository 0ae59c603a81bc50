import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** Closing call to action shared by the landing and the other marketing pages. */
export function FinalCta() {
  return (
    <section aria-labelledby="final-cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <div className="rounded-2xl bg-violet-700 px-6 py-12 text-center text-white shadow-lg sm:px-12 sm:py-16">
        <h2 id="final-cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Apri il tuo negozio oggi, vendi già da stasera
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-violet-100 text-pretty">
          Crea il tuo store in pochi minuti: nessuna carta richiesta, 3 mesi al prezzo di 2 e garanzia soddisfatti o rimborsati di 30 giorni.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className={buttonClasses(
              'default',
              'lg',
              'bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700',
            )}
          >
            Inizia gratis
            <ArrowRight aria-hidden />
          </Link>
          <Link
            to="/pricing"
            className={buttonClasses(
              'outline',
              'lg',
              'border-white/50 bg-transparent text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-violet-700',
            )}
          >
            Vedi i prezzi
          </Link>
        </div>
      </div>
    </section>
  );
}
