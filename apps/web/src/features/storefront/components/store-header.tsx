import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { ShoppingBag } from 'lucide-react';
import { useStorefront } from '../store-context';
import type { ThemeKey } from '../theme/themes';
import { CategoryMenu } from './category-menu';
import { HeaderSearchButton } from './header-search';

// Not needed for the first paint: fetched when the browser is idle (or on the first tap of 'Apri la ricerca').
const loadSearchPanel = () => import('./header-search-panel');
const HeaderSearchPanel = lazy(() => loadSearchPanel().then((m) => ({ default: m.HeaderSearchPanel })));
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

/**
 * Logo or name, Home, Prodotti, the category dropdown, search and the cart, laid out by the theme.
 * The top row (brand, search, cart) stays at the top of the screen while the page scrolls; on
 * phones the navigation row under it scrolls away, so that the sticky part stays small.
 */
export function StoreHeader({ cartCount }: { cartCount: number }) {
  const { store, home, theme } = useStorefront();
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(() => void loadSearchPanel());
  }, []);
  const toggle = () => setSearching((s) => !s);
  const brand = (
    <Link to={home} className={clsx('flex min-w-0 items-center gap-3', theme.centredHeader && 'flex-col gap-2 text-center max-md:flex-row')}>
      <StoreLogo store={store} className={theme.centredHeader ? 'size-9 md:size-12' : 'size-9'} />
      <span className={clsx('truncate', theme.storeName)}>{store.name}</span>
    </Link>
  );
  const search = searching && (
    <Suspense fallback={null}>
      <HeaderSearchPanel onClose={() => setSearching(false)} />
    </Suspense>
  );
  if (theme.centredHeader) {
    return (
      <>
        <header className={clsx(theme.header, 'sticky top-0 z-30')}>
          <div className={clsx(CONTAINER, 'grid grid-cols-[2.75rem_minmax(0,1fr)_2.75rem] items-center gap-2 py-2 md:pt-5')}>
            <HeaderSearchButton open={searching} onToggle={toggle} />
            <div className="flex min-w-0 justify-center">{brand}</div>
            <CartButton count={cartCount} />
          </div>
          {search}
          <StoreNav place="wide" className={clsx(CONTAINER, 'hidden justify-center py-2 md:flex')} />
        </header>
        <StoreNav place="narrow" className={clsx(CONTAINER, 'justify-center py-1 md:hidden')} />
      </>
    );
  }
  return (
    <>
      <header className={clsx(theme.header, 'sticky top-0 z-30')}>
        <div className={clsx(CONTAINER, 'flex items-center gap-2 sm:gap-4', theme.key === 'minimal' ? 'h-16 md:h-auto md:py-8' : 'h-16')}>
          {brand}
          <StoreNav place="wide" className="ml-auto hidden md:flex" />
          <div className="ml-auto flex items-center gap-1 md:ml-0">
            <HeaderSearchButton open={searching} onToggle={toggle} />
            <CartButton count={cartCount} />
          </div>
        </div>
        {search}
      </header>
      <StoreNav place="narrow" className={clsx(CONTAINER, 'pb-2 md:hidden')} />
    </>
  );
}
