import { Link } from 'react-router';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { Logo } from '@/components/layout/top-nav';

// Read once: a footer that stays open across New Year's Eve is not worth a re-render.
const currentYear = new Date().getFullYear();

const columns = [
  {
    title: 'Prodotto',
    links: [
      { to: '/pricing', label: 'Prezzi e piani' },
      { to: '/register', label: 'Inizia gratis' },
      { to: '/login', label: 'Accedi' },
    ],
  },
  {
    title: 'Risorse',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/faq', label: 'Domande frequenti' },
    ],
  },
];

const linkClass = 'rounded-sm text-zinc-600 hover:text-foreground hover:underline underline-offset-4';

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-zinc-600">
            Il tuo negozio online da 29 € al mese, con 0% di commissioni sulle transazioni, domini personalizzati e backup giornalieri.
          </p>
        </div>

        {columns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 id={`footer-${column.title}`} className="text-sm font-semibold">
              {column.title}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div>
          <h2 className="text-sm font-semibold">Azienda</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <a href="mailto:ciao@vetrina.example" className={`${linkClass} flex items-center gap-2`}>
              <Mail aria-hidden className="size-4" />
              ciao@vetrina.example
            </a>
            <a href="tel:+390212345678" className={`${linkClass} flex items-center gap-2`}>
              <Phone aria-hidden className="size-4" />
              +39 02 1234 5678
            </a>
            <p className="flex items-start gap-2 text-zinc-600">
              <MessageCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              Chat dal vivo lun–ven, 9–18. Rispondiamo in media in 2 minuti.
            </p>
          </address>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-zinc-600 sm:flex-row sm:items-center sm:justify-between">
          <p>© {currentYear} Vetrina. Tutti i diritti riservati.</p>
          <p>Offerta di lancio: 3 mesi al prezzo di 2 · Nessuna carta richiesta · Rimborso entro 30 giorni</p>
        </div>
      </div>
    </footer>
  );
}
