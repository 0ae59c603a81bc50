import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useStorefront } from '../store-context';

interface Props {
  search: string;
  category: string;
  onChange: (next: { search?: string; category?: string }) => void;
}

/** Text search (applied as the shopper pauses typing) and the category select. */
export function ProductFilters({ search, category, onChange }: Props) {
  const { store, theme } = useStorefront();
  const [text, setText] = useState(search);
  const searchId = useId();
  const categoryId = useId();
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => onChange({ search: text.trim() }), 300);
    return () => clearTimeout(t);
  }, [text, search, onChange]);

  const control = clsx('h-11 w-full px-3 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink)', theme.control);
  return (
    <form
      role="search"
      className="grid gap-3 sm:grid-cols-[1fr_16rem]"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search: text.trim() });
      }}
    >
      <div className="grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Cerca
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
          <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Cerca prodotti…" maxLength={100} className={clsx(control, 'pl-9 pr-9')} />
          {text && (
            <button type="button" onClick={() => { setText(''); onChange({ search: '' }); }} aria-label="Svuota la ricerca" className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center text-neutral-500 hover:text-neutral-900">
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={categoryId} className="text-sm font-medium">
          Categoria
        </label>
        <select id={categoryId} value={category} onChange={(e) => onChange({ category: e.target.value })} className={control}>
          <option value="">Tutte le categorie</option>
          {store.categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
