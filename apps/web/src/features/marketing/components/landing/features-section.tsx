import type { LucideIcon } from 'lucide-react';
import { ChartColumn, Gauge, Package, Palette, ShieldCheck, Users } from 'lucide-react';
import { SectionHeading } from '../section-heading';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Package,
    title: 'Gestione prodotti',
    text: 'Varianti per taglia e colore, categorie, immagini e giacenze in un solo posto. Aggiorni il catalogo in pochi clic, anche con centinaia di articoli.',
  },
  {
    icon: ShieldCheck,
    title: 'Sicurezza',
    text: 'Backup giornalieri, connessioni cifrate e permessi per ruolo: ogni persona del team vede solo quello che le serve.',
  },
  {
    icon: Gauge,
    title: 'Prestazioni',
    text: 'Pagine che si aprono in 0,8 secondi e un uptime del 99,9%, anche nei giorni dei saldi e del Black Friday.',
  },
  {
    icon: Users,
    title: 'Gestione del team',
    text: 'Invita collaboratori come admin o staff, segui gli inviti in attesa e revoca un accesso con un clic.',
  },
  {
    icon: ChartColumn,
    title: 'Analisi in tempo reale',
    text: 'Vendite, ordini e prodotti più richiesti si aggiornano mentre accadono, senza esportare fogli di calcolo.',
  },
  {
    icon: Palette,
    title: 'Vetrina personalizzabile',
    text: 'Scegli un tema, applica logo e colori del tuo marchio e collega il tuo dominio personalizzato.',
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <SectionHeading
        id="features-title"
        eyebrow="Funzionalità"
        title="Tutto quello che serve per vendere, niente di superfluo"
        description="Strumenti pensati per chi gestisce un negozio ogni giorno: chiari, veloci e già pronti all'uso."
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border bg-card p-5 shadow-sm sm:p-6">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-violet-700">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 text-base font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
