import { Star } from 'lucide-react';
import { SectionHeading } from '../section-heading';

const testimonials = [
  {
    quote: 'Con la migrazione assistita abbiamo spostato tutto il catalogo in un pomeriggio. Le commissioni a zero si sentono davvero a fine mese.',
    name: 'Giulia Ferri',
    role: 'Titolare, Ceramiche Ferri',
    city: 'Deruta',
  },
  {
    quote: 'Vendiamo caffè in grani e capsule a tutta Italia. Vedere gli ordini arrivare in tempo reale ci ha cambiato l’organizzazione del magazzino.',
    name: 'Marco Esposito',
    role: 'Fondatore, Torrefazione Esposito',
    city: 'Napoli',
  },
  {
    quote: 'Siamo in quattro a gestire il negozio: ognuno ha il suo accesso e i permessi giusti. Niente più password condivise su un foglietto.',
    name: 'Sara Lombardi',
    role: 'Responsabile e-commerce, Lombardi Bike',
    city: 'Bergamo',
  },
  {
    quote: 'Ho scritto all’assistenza un sabato sera prima di una promozione e mi hanno risposto in pochi minuti. Per un piccolo artigiano vale moltissimo.',
    name: 'Davide Rinaldi',
    role: 'Artigiano, Rinaldi Pelletteria',
    city: 'Firenze',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Dicono di noi"
          title="Scelto da chi vende ogni giorno"
          description="Botteghe, torrefazioni, negozi di bici e laboratori artigiani: ecco come usano Vetrina."
        />
        <ul className="mt-12 grid gap-4 md:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm">
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="Valutazione: 5 stelle su 5">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-base leading-relaxed">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
                    {initials(t.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-muted-foreground">
                      {t.role} · {t.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
