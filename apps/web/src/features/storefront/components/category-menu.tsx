import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { linkedCategories } from '../linked-categories';
import { useStorefront } from '../store-context';

/**
 * The header's 'Categorie' dropdown: a disclosure with links, closed by Escape, a click outside or
 * navigating. `panelId` is given, not made with `useId`: the header's markup is kept (kept-markup.tsx).
 */
export function CategoryMenu({ linkClass, panelId }: { linkClass: string; panelId: string }) {
  const { store, home, theme } = useStorefront();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const categories = linkedCategories(store);
  if (!categories.length) return null;
  const active = location.pathname.startsWith(`${home}/category/`);
  return (
    <div
      ref={root}
      className="relative"
      // Tabbing past the last category closes the menu.
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={clsx(linkClass, 'inline-flex items-center gap-1', active && 'text-(--sf-primary-ink)')}
      >
        Categorie
        <ChevronDown aria-hidden className={clsx('size-4 transition', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={clsx(
          'absolute left-1/2 z-40 mt-2 max-h-[60vh] w-60 max-w-[calc(100vw-2rem)] -translate-x-1/2 overflow-y-auto border border-black/10 bg-white p-1.5 text-left text-sm text-neutral-900 shadow-xl',
          theme.key === 'audace' ? 'rounded-2xl border-2 border-black' : theme.key === 'moderno' ? 'rounded-xl' : 'rounded-none',
        )}
      >
        <ul role="list">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`${home}/category/${c.slug}`}
                aria-current={location.pathname === `${home}/category/${c.slug}` ? 'page' : undefined}
                className="block rounded-md px-3 py-2.5 hover:bg-(--sf-soft) aria-[current=page]:font-semibold aria-[current=page]:text-(--sf-primary-ink)"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
