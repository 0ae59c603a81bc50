import clsx from 'clsx';
import { Truck } from 'lucide-react';
import { useStorefront } from '../store-context';
import { CONTAINER } from './container';

export function StoreFooter() {
  const { store, theme } = useStorefront();
  const year = new Date().getFullYear();
  return (
    <footer className={clsx('mt-auto', theme.key === 'audace' ? 'border-t-4 border-black' : 'border-t border-black/10')}>
      <div className={clsx(CONTAINER, 'flex flex-col gap-3 py-8 text-sm sm:flex-row sm:items-center sm:justify-between')}>
        <p>
          © {year} {store.name}. Tutti i diritti riservati.
        </p>
        <p className="flex items-center gap-2 opacity-75">
          <Truck aria-hidden className="size-4" />
          Spedizione in tutta Italia a 5,99 €
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
