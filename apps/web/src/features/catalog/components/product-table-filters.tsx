import { useId } from 'react';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, STOCK_FILTER_LABELS, STOCK_FILTERS, type Category } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select';
import type { ProductTableFilter } from '../use-product-table-params';
import { SearchBox } from './search-box';

interface Props {
  filter: ProductTableFilter;
  categories: Category[];
  onSearch: (q: string) => void;
  onFilter: (key: 'status' | 'categoryId' | 'stock', value: string) => void;
  onClear: () => void;
}

/** Search, status, category and stock of the products table; each choice goes to the URL and to the server. */
export function ProductTableFilters({ filter, categories, onSearch, onFilter, onClear }: Props) {
  const ids = { status: useId(), category: useId(), stock: useId() };
  const filtered = Boolean(filter.q || filter.status || filter.categoryId || filter.stock);
  const select = 'grid gap-1.5 sm:w-44';
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <div className="grid flex-1 gap-1.5">
        <span className="text-sm font-medium" aria-hidden>
          Cerca
        </span>
        <SearchBox value={filter.q} onSearch={onSearch} label="Cerca prodotti" placeholder="Cerca per titolo, SKU, variante o categoria" />
      </div>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className={select}>
          <label htmlFor={ids.status} className="text-sm font-medium">
            Stato
          </label>
          <NativeSelect id={ids.status} value={filter.status ?? ''} onChange={(e) => onFilter('status', e.target.value)}>
            <option value="">Tutti gli stati</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PRODUCT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={select}>
          <label htmlFor={ids.category} className="text-sm font-medium">
            Categoria
          </label>
          <NativeSelect id={ids.category} value={filter.categoryId ?? ''} onChange={(e) => onFilter('categoryId', e.target.value)}>
            <option value="">Tutte le categorie</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={select}>
          <label htmlFor={ids.stock} className="text-sm font-medium">
            Magazzino
          </label>
          <NativeSelect id={ids.stock} value={filter.stock ?? ''} onChange={(e) => onFilter('stock', e.target.value)}>
            <option value="">Tutte le giacenze</option>
            {STOCK_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STOCK_FILTER_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            Cancella filtri
          </Button>
        )}
      </div>
    </div>
  );
}
