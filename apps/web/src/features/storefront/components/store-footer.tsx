import clsx from 'clsx';
import { Link } from 'react-router';
import { Mail, Phone, Truck } from 'lucide-react';
import { LEGAL_PAGE_KINDS, LEGAL_PAGE_TITLES } from '@vetrina/shared/legal-pages';
import { shippingSummary } from '@vetrina/shared/shipping-text';
import { useStorefront } from '../store-context';
import { CONTAINER } from './container';

const heading = 'mb-3 text-xs font-semibold uppercase tracking-wider opacity-70';
const link = 'underline-offset-4 hover:text-(--sf-primary-ink) hover:underline';
/** A number as dialled: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Who sells (the law asks an Italian shop to show it on every page), how to reach them, the legal pages. */
function BusinessDetails() {
  const { store } = useStorefront();
  const b = store.business;
  const fiscal = [b.vatNumber && `P.IVA ${b.vatNumber}`, b.taxCode && b.taxCode !== b.vatNumber && `C.F. ${b.taxCode}`].filter(Boolean).join(' · ');
  return (
    <section aria-label="Dati aziendali" className="min-w-0">
      <p className="font-semibold">{b.companyName ?? store.name}</p>
      <address className="mt-2 grid gap-1 not-italic opacity-80">
        {b.address && <span>{b.address}</span>}
        {fiscal && <span>{fiscal}</span>}
        {b.pec && (
          <span className="break-all">
            PEC:{' '}
            <a href={`mailto:${b.pec}`} className={link}>
              {b.pec}
            </a>
          </span>
        )}
      </address>
    </section>
  );
}

function Contacts() {
  const { store } = useStorefront();
  const { email, phone } = store.business;
  if (!email && !phone) return null;
  return (
    <section aria-labelledby="footer-contatti" className="min-w-0">
      <h2 id="footer-contatti" className={heading}>
        Contatti
      </h2>
      <ul className="grid gap-2">
        {email && (
          <li className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0 opacity-70" />
            <a href={`mailto:${email}`} className={clsx(link, 'break-all')}>
              {email}
            </a>
          </li>
        )}
        {phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="size-4 shrink-0 opacity-70" />
            <a href={telHref(phone)} className={link}>
              {phone}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

function LegalLinks() {
  const { home } = useStorefront();
  return (
    <nav aria-labelledby="footer-informazioni">
      <h2 id="footer-informazioni" className={heading}>
        Informazioni
      </h2>
      <ul className="grid gap-2">
        {LEGAL_PAGE_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={`${home}/${kind}`} className={link}>
              {LEGAL_PAGE_TITLES[kind]}
            </Link>
          </li>
        ))}
        <li>
          {/* Art. 54-bis Codice del Consumo: the withdrawal function, on every page for the whole period. */}
          <Link to={`${home}/recesso`} className={clsx(link, 'font-medium')}>
            Recedi dal contratto
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** `year`: the one printed, given by the layout (it is part of the footer's kept markup's key). */
export function StoreFooter({ year }: { year: number }) {
  const { store, theme } = useStorefront();
  return (
    <footer className={clsx('mt-auto text-sm', theme.key === 'audace' ? 'border-t-4 border-black' : 'border-t border-black/10')}>
      <div className={clsx(CONTAINER, 'grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]')}>
        <BusinessDetails />
        <Contacts />
        <LegalLinks />
      </div>
      <div className={clsx(CONTAINER, 'flex flex-col gap-3 border-t border-black/10 py-6 sm:flex-row sm:items-center sm:justify-between')}>
        <p>
          © {year} {store.name}. Tutti i diritti riservati.
        </p>
        <p className="flex items-center gap-2 opacity-75">
          <Truck aria-hidden className="size-4" />
          {shippingSummary(store.shipping)}
        </p>
        <p className="opacity-75">
          Negozio creato con{' '}
          <a href="/" className="font-medium underline underline-offset-4">
            Vetrina
          </a>
        </p>
      </div>
    </footer>
  );
}
