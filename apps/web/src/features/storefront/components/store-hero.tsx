import clsx from 'clsx';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { useStorefront } from '../store-context';
import { CONTAINER } from './container';
import { StoreLogo } from './store-logo';
import { StoreLink } from './ui';

/** The home page's hero, one of four designs: spotlight, framed, text only or full-bleed colour; short on phones, so that products show on the first screen. */
export function StoreHero() {
  const { store, theme, home } = useStorefront();
  const products = `${home}/products`;

  if (theme.hero === 'bleed') {
    return (
      <section className="bg-(--sf-primary) text-(--sf-on-primary)">
        <div className={clsx(CONTAINER, 'flex flex-col items-start gap-4 py-8 sm:gap-6 sm:py-24')}>
          <StoreLogo store={store} className="size-12 border-4 border-current text-xl sm:size-16 sm:text-2xl" />
          <h1 className={theme.h1}>{store.name}</h1>
          <p className="max-w-2xl text-base font-bold sm:text-2xl">{STORE_TAGLINE}</p>
          <Link
            to={products}
            className="inline-flex min-h-12 items-center gap-2 rounded-full border-4 border-black bg-white px-7 py-2 text-base font-black uppercase text-black shadow-[5px_5px_0_0_#000] transition hover:-translate-y-0.5"
          >
            Vedi tutti i prodotti <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      </section>
    );
  }

  if (theme.hero === 'text') {
    return (
      <section className={clsx(CONTAINER, 'flex flex-col gap-4 py-8 sm:gap-6 sm:py-28')}>
        <StoreLogo store={store} className="size-10 text-base" />
        <h1 className={theme.h1}>{store.name}</h1>
        <p className="max-w-xl text-base text-neutral-600 sm:text-lg">{STORE_TAGLINE}</p>
        <Link
          to={products}
          className="inline-flex w-fit items-center gap-3 border-b border-current pb-1 text-xs uppercase tracking-[0.25em] text-(--sf-primary-ink)"
        >
          Vedi tutti i prodotti <ArrowRight aria-hidden className="size-4" />
        </Link>
      </section>
    );
  }

  if (theme.hero === 'framed') {
    return (
      <section className={clsx(CONTAINER, 'py-4 sm:py-14')}>
        <div className="border border-stone-300 p-2">
          <div className="flex flex-col items-center gap-3 border border-stone-300 bg-white px-4 py-6 text-center sm:gap-5 sm:px-6 sm:py-20">
            <StoreLogo store={store} className="size-12 text-xl sm:size-20 sm:text-3xl" />
            <p className="text-xs font-semibold uppercase tracking-[0.3em] text-(--sf-primary-ink)">Benvenuti</p>
            <h1 className={theme.h1}>{store.name}</h1>
            <p className="max-w-xl font-serif text-base italic text-stone-600 sm:text-lg">{STORE_TAGLINE}</p>
            <StoreLink to={products}>Vedi tutti i prodotti</StoreLink>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className={clsx(CONTAINER, 'pt-3 sm:pt-10')}>
      <div className="relative overflow-hidden rounded-3xl bg-(--sf-soft) px-5 py-7 sm:px-12 sm:py-24">
        <div aria-hidden className="absolute -right-16 -top-20 size-72 rounded-full bg-(--sf-secondary) opacity-25 blur-3xl" />
        <div aria-hidden className="absolute -bottom-24 right-1/3 size-72 rounded-full bg-(--sf-accent) opacity-20 blur-3xl" />
        <div className="relative flex max-w-2xl flex-col items-start gap-3 sm:gap-5">
          <StoreLogo store={store} className="size-12 text-xl shadow-md ring-4 ring-white sm:size-16 sm:text-2xl" />
          <h1 className="text-3xl font-bold tracking-tight sm:text-6xl">{store.name}</h1>
          <p className="text-base text-slate-600 sm:text-xl">{STORE_TAGLINE}</p>
          <StoreLink to={products} className="min-h-12 px-6 text-base">
            Vedi tutti i prodotti <ArrowRight aria-hidden />
          </StoreLink>
        </div>
      </div>
    </section>
  );
}
