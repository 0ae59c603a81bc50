import { Link } from 'react-router';
import clsx from 'clsx';
import { ArrowRight } from 'lucide-react';
import { linkedCategories } from '../linked-categories';
import { useStorefront } from '../store-context';
import { HOME_CATEGORIES } from '../api';

/** Up to 8 categories on the home page, as tiles shaped by the theme. */
export function CategoryTiles() {
  const { store, theme, home } = useStorefront();
  const categories = linkedCategories(store).slice(0, HOME_CATEGORIES);
  if (!categories.length) return null;
  return (
    <ul role="list" className={clsx('grid gap-3 sm:gap-4', theme.key === 'audace' ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-2 md:grid-cols-4')}>
      {categories.map((c) => (
        <li key={c.id}>
          <Link
            to={`${home}/category/${c.slug}`}
            className={clsx(
              'group flex h-full items-center justify-between gap-2 px-4 py-4 transition sm:px-5 sm:py-5',
              theme.tile,
              theme.key === 'classico' && 'justify-center font-serif text-lg',
              theme.key === 'audace' && 'text-xl font-black uppercase',
            )}
          >
            <span className="min-w-0 break-words">{c.name}</span>
            {theme.key !== 'classico' && <ArrowRight aria-hidden className="size-4 shrink-0 text-(--sf-primary-ink) transition group-hover:translate-x-0.5" />}
          </Link>
        </li>
      ))}
    </ul>
  );
}
