import { useCallback, useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { STOREFRONT_SORT_LABELS, STOREFRONT_SORTS, type StorefrontSort } from '@vetrina/shared/listing';
import { euroBoundCents } from '../list-params';
import { linkedCategories } from '../linked-categories';
import { useStorefront } from '../store-context';
import { SlidersHorizontal } from 'lucide-react';
import { plural } from '@vetrina/shared/plural';
import { PhoneSheet } from './phone-sheet';
import { SearchWithSuggestions } from './search-suggestions';
import { StoreButton } from './ui';

/** What the filters change: each key is a query parameter of the page ('' removes it). */
export type FilterChange = Partial<Record<'search' | 'category' | 'sort' | 'minPrice' | 'maxPrice' | 'available', string>>;

interface Props {
  search: string;
  category: string;
  sort: StorefrontSort;
  minPrice: string;
  maxPrice: string;
  available: boolean;
  /** How many filters narrow the list (category, each price bound, 'Solo disponibili'): the 'Filtri' button shows it. */
  activeCount: number;
  onChange: (next: FilterChange) => void;
}

/**
 * Text search with suggestions (applied as the shopper pauses typing), category, sort order,
 * price range in euros and 'Solo disponibili'. Everything lives in the page's URL. On phones the
 * search stays on the page and the rest opens in the 'Filtri' sheet, whose button counts them.
 */
export function ProductFilters({ search, category, sort, minPrice, maxPrice, available, activeCount, onChange }: Props) {
  const { store, theme } = useStorefront();
  const [text, setText] = useState(search);
  const [prices, setPrices] = useState({ min: minPrice, max: maxPrice });
  const ids = { search: useId(), category: useId(), sort: useId(), min: useId(), max: useId(), available: useId() };
  const [sheetOpen, setSheetOpen] = useState(false);
  // The fields follow the URL (a shared link, 'Cancella filtri', the browser's back button), but the
  // URL catches up with a field's own change a moment later: what the shopper typed meanwhile stays.
  // The search text sent last is not taken back from the URL, and each price bound follows its own
  // value only (applying the minimum as its field loses focus must not empty the maximum being typed).
  const sent = useRef<string | null>(null);
  /** Every change of the search text goes through here, so the URL's echo of it is known. */
  const sendSearch = useCallback(
    (value: string, more: FilterChange = {}) => {
      sent.current = value;
      onChange({ ...more, search: value });
    },
    [onChange],
  );
  useEffect(() => {
    if (sent.current !== search) setText(search);
  }, [search]);
  useEffect(() => setPrices((p) => ({ ...p, min: minPrice })), [minPrice]);
  useEffect(() => setPrices((p) => ({ ...p, max: maxPrice })), [maxPrice]);
  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => sendSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, search, sendSearch]);

  // Bounds that are not an amount are dropped, like an edited link's.
  const clean = (v: string) => (euroBoundCents(v) !== null ? v.trim() : '');
  const applyPrices = () => {
    if (clean(prices.min) === minPrice && clean(prices.max) === maxPrice) return;
    onChange({ minPrice: clean(prices.min), maxPrice: clean(prices.max) });
  };
  const control = clsx('h-11 w-full px-3 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink)', theme.control);
  const label = 'text-sm font-medium';
  const sorts = STOREFRONT_SORTS.filter((s) => s !== 'relevance' || search);
  const fields = (place: 'wide' | 'sheet') => (
    <div className={clsx('grid grid-cols-2 items-end gap-3', place === 'wide' && 'md:grid-cols-[minmax(0,1fr)_12rem_8rem_8rem_auto]')}>
      <div className="col-span-2 grid gap-1.5 md:col-span-1">
        <label htmlFor={`${ids.category}-${place}`} className={label}>
          Categoria
        </label>
        <select id={`${ids.category}-${place}`} value={category} onChange={(e) => onChange({ category: e.target.value })} className={control}>
          <option value="">Tutte le categorie</option>
          {linkedCategories(store, category).map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 grid gap-1.5 md:col-span-1">
        <label htmlFor={`${ids.sort}-${place}`} className={label}>
          Ordina per
        </label>
        <select id={`${ids.sort}-${place}`} value={sort} onChange={(e) => onChange({ sort: e.target.value })} className={control}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {STOREFRONT_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${ids.min}-${place}`} className={label}>
          Prezzo min (€)
        </label>
        <input
          id={`${ids.min}-${place}`}
          type="text"
          inputMode="decimal"
          value={prices.min}
          onChange={(e) => setPrices((p) => ({ ...p, min: e.target.value }))}
          onBlur={applyPrices}
          placeholder="0"
          maxLength={14}
          className={control}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${ids.max}-${place}`} className={label}>
          Prezzo max (€)
        </label>
        <input
          id={`${ids.max}-${place}`}
          type="text"
          inputMode="decimal"
          value={prices.max}
          onChange={(e) => setPrices((p) => ({ ...p, max: e.target.value }))}
          onBlur={applyPrices}
          placeholder="qualsiasi"
          maxLength={14}
          className={control}
        />
      </div>
      <label htmlFor={`${ids.available}-${place}`} className="col-span-2 inline-flex min-h-11 items-center gap-2 text-sm font-medium md:col-span-1">
        <input
          id={`${ids.available}-${place}`}
          type="checkbox"
          checked={available}
          onChange={(e) => onChange({ available: e.target.checked ? '1' : '' })}
          className="size-4 accent-(--sf-primary-ink)"
        />
        Solo disponibili
      </label>
    </div>
  );
  return (
    <form
      role="search"
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        // One change: two URL updates in a row would each start from the same old URL.
        sendSearch(text.trim(), { minPrice: clean(prices.min), maxPrice: clean(prices.max) });
      }}
    >
      <div className="flex items-end gap-3">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <label htmlFor={ids.search} className={label}>
            Cerca
          </label>
          <SearchWithSuggestions
            id={ids.search}
            value={text}
            onChange={setText}
            onClear={() => {
              setText('');
              sendSearch('');
            }}
            className={control}
          />
        </div>
        <StoreButton
          tone="outline"
          className="min-h-11 shrink-0 gap-2 px-4 md:hidden"
          aria-haspopup="dialog"
          aria-label={activeCount ? `Filtri, ${plural(activeCount, 'attivo', 'attivi')}` : 'Filtri'}
          onClick={() => setSheetOpen(true)}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filtri
          {activeCount > 0 && (
            <span
              aria-hidden
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-(--sf-primary) px-1 text-xs font-bold tabular-nums text-(--sf-on-primary)"
            >
              {activeCount}
            </span>
          )}
        </StoreButton>
      </div>
      {/* Wide screens show the filters under the search; phones open them in the 'Filtri' sheet. */}
      <div className="hidden md:block">{fields('wide')}</div>
      {sheetOpen && (
        <PhoneSheet
          title="Filtri"
          open
          onClose={() => setSheetOpen(false)}
          footer={
            <StoreButton className="min-h-12 w-full text-base" onClick={() => setSheetOpen(false)}>
              Mostra i prodotti
            </StoreButton>
          }
        >
          {fields('sheet')}
        </PhoneSheet>
      )}
    </form>
  );
}
