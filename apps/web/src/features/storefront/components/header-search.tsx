import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useStorefront } from '../store-context';

/** The header's search button ('Apri la ricerca'; not 'Cerca', the products page's field): it opens the products search (with suggestions) under the header's top row. */
export function HeaderSearchButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { theme } = useStorefront();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? 'ricerca-header' : undefined}
      aria-label={open ? 'Chiudi la ricerca' : 'Apri la ricerca'}
      className={clsx(
        'inline-flex size-11 shrink-0 items-center justify-center transition hover:bg-black/5',
        theme.key === 'minimal' || theme.key === 'classico' ? 'rounded-none' : 'rounded-full',
      )}
    >
      {open ? <X aria-hidden className="size-5" /> : <Search aria-hidden className="size-5" />}
    </button>
  );
}
