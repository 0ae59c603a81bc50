import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { ShoppingBag } from 'lucide-react';
import { useStorefront } from '../store-context';
import type { ThemeKey } from '../theme/themes';
import { CategoryMenu } from './category-menu';
import { CONTAINER } from './container';
import { StoreLogo } from './store-logo';
import { plural } from '@vetrina/shared/plural';

const NAV_TYPE: Record<ThemeKey, string> = {
  moderno: 'text-sm font-medium',
  classico: 'font-serif text-base',
  minimal: 'text-xs uppercase tracking-[0.2em]',
  audace: 'text-sm font-black uppercase',
};

/** The navigation, shown once for wide screens and once for narrow ones (`place`: the menu's id). */
function StoreNav({ className, place }: { className?: string; place: 'wide' | 'narrow' }) {
  const { home, theme } = useStorefront();
  const link = clsx('rounded-md px-2 py-2 transition hover:text-(--sf-primary-ink) aria-[current=page]:text-(--sf-primary-ink)', NAV_TYPE[theme.key]);
  return (
    <nav aria-label="Navigazione dello store" className={clsx('flex items-center gap-1 sm:gap-3', className)}>
      <NavLink to={home} end className={link}>
        Home
      </NavLink>
      <NavLink to={`${home}/products`} className={link}>
        Prodotti
      </NavLink>
      <CategoryMenu linkClass={link} panelId={`categorie-${place}`} />
    </nav>
  );
}

function CartButton({ count }: { count: number }) {
  const { openCart, theme } = useStorefront();
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={count ? `Carrello, ${plural(count, 'articolo', 'articoli')}` : 'Carrello, vuoto'}
      aria-haspopup="dialog"
      className={clsx(
        'relative inline-flex size-11 shrink-0 items-center justify-center transition hover:bg-black/5',
        theme.key === 'minimal' || theme.key === 'classico' ? 'rounded-none' : 'rounded-full',
        theme.key === 'audace' && 'border-2 border-black',
      )}
    >
      <ShoppingBag aria-hidden className="size-5" />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-(--sf-primary) px-1 text-[11px] font-bold text-(--sf-on-primary)"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

/** Logo or name, Home, Prodotti, the category dropdown and the cart, laid out by the theme. */
export function StoreHeader({ cartCount }: { cartCount: number }) {
  const { store, home, theme } = useStorefront();
  const brand = (
    <Link to={home} className={clsx('flex min-w-0 items-center gap-3', theme.centredHeader && 'flex-col gap-2 text-center')}>
      <StoreLogo store={store} className={theme.centredHeader ? 'size-12' : 'size-9'} />
      <span className={clsx('truncate', theme.storeName)}>{store.name}</span>
    </Link>
  );
  if (theme.centredHeader) {
    return (
      <header className={theme.header}>
        <div className={clsx(CONTAINER, 'grid grid-cols-[2.75rem_1fr_2.75rem] items-center gap-2 pt-5')}>
          <span />
          <div className="flex justify-center">{brand}</div>
          <CartButton count={cartCount} />
        </div>
        <StoreNav place="wide" className={clsx(CONTAINER, 'justify-center py-2')} />
      </header>
    );
  }
  return (
    <header className={theme.header}>
      <div className={clsx(CONTAINER, 'flex items-center gap-4', theme.key === 'minimal' ? 'py-6 sm:py-8' : 'h-16')}>
        {brand}
        <StoreNav place="wide" className="ml-auto hidden md:flex" />
        <div className="ml-auto md:ml-0">
          <CartButton count={cartCount} />
        </div>
      </div>
      <StoreNav place="narrow" className={clsx(CONTAINER, 'pb-2 md:hidden')} />
    </header>
  );
}
