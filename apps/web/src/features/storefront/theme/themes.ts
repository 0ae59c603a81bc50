/**
 * The four storefront themes are layouts, not colour swaps: each sets its own density, card
 * style, typography, radius and hero. The store's colours come in through CSS variables
 * (see store-style.ts), so one set of classes serves every palette.
 */
export type ThemeKey = 'moderno' | 'classico' | 'minimal' | 'audace';
export type HeroKind = 'spotlight' | 'framed' | 'text' | 'bleed';

export interface StoreTheme {
  key: ThemeKey;
  /** Page background, also the surface text colours are checked against. */
  pageHex: string;
  page: string;
  header: string;
  centredHeader: boolean;
  storeName: string;
  h1: string;
  h2: string;
  section: string;
  grid: string;
  card: string;
  cardBody: string;
  cardTitle: string;
  frame: string;
  button: string;
  control: string;
  chip: string;
  badge: string;
  tile: string;
  /** A still surface (checkout summary, order page): the tile's shape without its hover. */
  panel: string;
  hero: HeroKind;
}

const moderno: StoreTheme = {
  key: 'moderno',
  pageHex: '#f8fafc',
  page: 'bg-slate-50 text-slate-900 font-moderno',
  header: 'border-b border-slate-200/80 bg-white/90 backdrop-blur',
  centredHeader: false,
  storeName: 'text-lg font-bold tracking-tight',
  h1: 'text-3xl font-bold tracking-tight sm:text-4xl',
  h2: 'text-2xl font-bold tracking-tight',
  section: 'py-10 sm:py-14',
  grid: 'grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4',
  card: 'group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5 transition hover:-translate-y-0.5 hover:shadow-lg',
  cardBody: 'flex flex-1 flex-col gap-1 p-3 sm:p-4',
  cardTitle: 'text-sm font-semibold sm:text-base',
  frame: 'aspect-square bg-slate-100',
  button: 'rounded-xl font-semibold shadow-sm',
  control: 'rounded-xl border border-slate-300 bg-white',
  chip: 'rounded-full border border-slate-300 bg-white',
  badge: 'rounded-full',
  tile: 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5 hover:shadow-md',
  panel: 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5',
  hero: 'spotlight',
};

const classico: StoreTheme = {
  key: 'classico',
  pageHex: '#fbf8f3',
  page: 'bg-[#fbf8f3] text-stone-900 font-sans',
  header: 'border-b-4 border-double border-stone-300 bg-[#fbf8f3]',
  centredHeader: true,
  storeName: 'font-serif text-xl tracking-wide sm:text-3xl',
  h1: 'font-serif text-3xl sm:text-5xl',
  h2: 'font-serif text-2xl sm:text-3xl',
  section: 'py-10 sm:py-16',
  grid: 'grid grid-cols-2 gap-4 sm:gap-8 md:grid-cols-3',
  card: 'group relative flex flex-col border border-stone-300 bg-white p-2 transition hover:border-stone-500 sm:p-3',
  cardBody: 'flex flex-1 flex-col items-center gap-1 pt-3 text-center',
  cardTitle: 'font-serif text-base sm:text-lg',
  frame: 'aspect-[4/5] bg-stone-100',
  button: 'rounded-sm text-xs font-semibold uppercase tracking-widest',
  control: 'rounded-sm border border-stone-400 bg-white',
  chip: 'rounded-sm border border-stone-400 bg-white',
  badge: 'rounded-sm uppercase tracking-wider',
  tile: 'border border-stone-300 bg-white text-center hover:border-stone-500',
  panel: 'border border-stone-300 bg-white',
  hero: 'framed',
};

const minimal: StoreTheme = {
  key: 'minimal',
  pageHex: '#ffffff',
  page: 'bg-white text-neutral-900 font-minimal font-light',
  header: 'border-b border-transparent bg-white',
  centredHeader: false,
  storeName: 'text-sm font-normal uppercase tracking-[0.3em]',
  h1: 'text-3xl font-extralight tracking-tight sm:text-5xl',
  h2: 'text-xs font-normal uppercase tracking-[0.3em]',
  section: 'py-14 sm:py-24',
  grid: 'grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-8 md:grid-cols-3 lg:grid-cols-4 lg:gap-y-16',
  card: 'group relative flex flex-col',
  cardBody: 'flex flex-1 flex-col gap-1 pt-4',
  cardTitle: 'text-sm font-light',
  frame: 'aspect-square bg-neutral-100',
  button: 'rounded-none text-xs font-normal uppercase tracking-[0.2em]',
  control: 'rounded-none border border-neutral-300 bg-white',
  chip: 'rounded-none border border-neutral-300 bg-white',
  badge: 'rounded-none uppercase tracking-widest',
  tile: 'border-b border-neutral-200 hover:border-neutral-900',
  panel: 'border border-neutral-200 bg-white',
  hero: 'text',
};

const audace: StoreTheme = {
  key: 'audace',
  pageHex: '#ffffff',
  page: 'bg-white text-black font-audace',
  header: 'border-b-4 border-black bg-white',
  centredHeader: false,
  storeName: 'text-xl font-black uppercase tracking-tight',
  h1: 'text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl lg:text-7xl',
  h2: 'text-3xl font-black uppercase tracking-tight sm:text-4xl',
  section: 'py-10 sm:py-16',
  grid: 'grid grid-cols-1 gap-6 sm:grid-cols-2 sm:gap-10',
  card: 'group relative flex flex-col overflow-hidden rounded-3xl border-4 border-black bg-white shadow-[6px_6px_0_0_#000] transition hover:-translate-y-1 hover:shadow-[10px_10px_0_0_#000]',
  cardBody: 'flex flex-1 flex-col gap-2 p-5',
  cardTitle: 'text-xl font-extrabold sm:text-2xl',
  frame: 'aspect-[4/3] border-b-4 border-black bg-neutral-100',
  button: 'rounded-full border-4 border-black font-black uppercase',
  control: 'rounded-2xl border-2 border-black bg-white',
  chip: 'rounded-full border-2 border-black bg-white font-bold',
  badge: 'rounded-full font-black uppercase',
  tile: 'rounded-3xl border-4 border-black shadow-[4px_4px_0_0_#000] hover:shadow-[8px_8px_0_0_#000]',
  panel: 'rounded-3xl border-4 border-black bg-white shadow-[4px_4px_0_0_#000]',
  hero: 'bleed',
};

export const THEMES: Record<ThemeKey, StoreTheme> = { moderno, classico, minimal, audace };

/** Stores without a theme (or with one we do not know) look Moderno. */
export const themeFor = (key: string | null | undefined): StoreTheme => THEMES[(key ?? '') as ThemeKey] ?? moderno;
