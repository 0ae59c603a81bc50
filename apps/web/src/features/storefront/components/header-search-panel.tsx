import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import { useStorefront } from '../store-context';
import { CONTAINER } from './container';
import { SearchWithSuggestions } from './search-suggestions';

/** The search field the header's button opens; Enter lists the results on the products page. */
export function HeaderSearchPanel({ onClose }: { onClose: () => void }) {
  const { home, theme } = useStorefront();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);
  return (
    <form
      id="ricerca-header"
      role="search"
      className={clsx(CONTAINER, 'pb-3')}
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        onClose();
        void navigate(q ? `${home}/products?search=${encodeURIComponent(q)}` : `${home}/products`);
      }}
      onKeyDown={(e) => e.key === 'Escape' && !e.defaultPrevented && onClose()}
    >
      <label htmlFor={id} className="sr-only">
        Cerca nel negozio
      </label>
      <SearchWithSuggestions
        id={id}
        value={text}
        onChange={setText}
        onClear={() => setText('')}
        className={clsx(
          'h-11 w-full px-3 text-base text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink) sm:text-sm',
          theme.control,
        )}
      />
    </form>
  );
}
