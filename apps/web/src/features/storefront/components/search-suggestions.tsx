import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import type { StorefrontSuggestion } from '@vetrina/shared';
import { fetchSuggestions } from '../api';
import { useStorefront } from '../store-context';
import { Price } from './price';

interface Props {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** The shopper cleared the field. */
  onClear: () => void;
  className: string;
}

/** Suggestions start from this many typed characters, after a short pause. */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

/**
 * The search field as a combobox (WAI-ARIA 1.2): up to 5 products suggested as the shopper types;
 * arrows move through them, Enter opens the highlighted one (or searches), Escape closes the list.
 */
export function SearchWithSuggestions({ id, value, onChange, onClear, className }: Props) {
  const { store, home } = useStorefront();
  const navigate = useNavigate();
  const listId = useId();
  const [items, setItems] = useState<StorefrontSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  useEffect(() => {
    const q = value.trim();
    // Only what the shopper types asks for suggestions (not a value restored from the URL).
    if (!typed.current || q.length < MIN_CHARS) {
      setItems([]);
      return;
    }
    let current = true;
    const t = setTimeout(() => {
      fetchSuggestions(store.slug, q)
        .then((found) => {
          if (!current) return;
          setItems(found);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => current && setItems([]));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [value, store.slug]);

  const shown = open && items.length > 0;
  const go = (s: StorefrontSuggestion) => {
    setOpen(false);
    void navigate(`${home}/products/${encodeURIComponent(s.slug)}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && shown && active >= 0 && items[active]) {
      e.preventDefault();
      go(items[active]);
    } else if (e.key === 'Enter') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          typed.current = true;
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => items.length > 0 && setOpen(true)}
        placeholder="Cerca prodotti…"
        maxLength={100}
        // The box has its own 'Svuota la ricerca' button: the browser's own clear cross of a search
        // field would stand beside it as a second one.
        className={clsx(className, 'pl-9 pr-9 [&::-webkit-search-cancel-button]:appearance-none')}
      />
      {value && (
        <button
          type="button"
          onClick={onClear}
          aria-label="Svuota la ricerca"
          className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center text-neutral-500 hover:text-neutral-900"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Prodotti suggeriti"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border border-black/10 bg-white text-neutral-900 shadow-lg"
      >
        {items.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Chosen on mouse down, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(s);
            }}
            onMouseEnter={() => setActive(i)}
            className={clsx('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm', i === active && 'bg-black/5')}
          >
            {s.thumbUrl ? (
              <img src={s.thumbUrl} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
            ) : (
              <span aria-hidden className="size-10 shrink-0 rounded bg-black/5" />
            )}
            <span className="min-w-0 flex-1 truncate">{s.title}</span>
            <Price cents={s.priceCents} from={s.priceVaries} className="shrink-0" />
          </li>
        ))}
      </ul>
    </div>
  );
}
