import clsx from 'clsx';
import { useLocation } from 'react-router';
import type { PageLoaderArgs } from '@/ssr/loader-args';
import { LEGAL_PAGE_TITLES, isLegalPageKind, type LegalPageKind } from '@vetrina/shared/legal-pages';
import { prefetchLegalPage, useLegalPage } from '../api';
import { browserCache, type DataCache } from '../data/cache';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CONTAINER } from '../components/container';
import { StoreButton } from '../components/ui';
import { useStorefront } from '../store-context';

/** The page's kind is the last segment of its address (/store/{slug}/termini). */
export function legalKindOf(pathname: string): LegalPageKind {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return isLegalPageKind(last) ? last : 'termini';
}

export function loader({ params, url }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchLegalPage(params.storeSlug ?? '', legalKindOf(url.pathname), cache);
  return null;
}

/** Typographic rules for the merchant's text (rendered and sanitised on the server). */
const PROSE = clsx(
  'max-w-3xl text-[15px] leading-7',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-(--sf-primary-ink) [&_a]:underline [&_a]:underline-offset-4 [&_a]:break-words',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-black/15 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-black/10 [&_td]:px-3 [&_td]:py-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-black/15 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-black/5 [&_code]:px-1',
);

/** /termini, /privacy, /spedizioni-resi: the store's legal pages, as the server rendered them. */
export default function LegalPage() {
  const { store, theme, home } = useStorefront();
  const kind = legalKindOf(useLocation().pathname);
  const page = useLegalPage(store.slug, kind);
  const title = page.data?.title ?? LEGAL_PAGE_TITLES[kind];

  return (
    <div className={clsx(CONTAINER, 'py-8 sm:py-12', theme.key === 'minimal' && 'sm:py-20')}>
      <title>{`${title} · ${store.name}`}</title>
      <Breadcrumbs items={[{ label: 'Home', to: home }, { label: title }]} />
      <h1 className={clsx(theme.h1, 'mb-2 mt-4', theme.key === 'audace' && 'sm:text-5xl lg:text-5xl')}>{title}</h1>
      {page.isPending ? (
        <div role="status" aria-label="Caricamento della pagina…" className="mt-8 max-w-3xl space-y-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} aria-hidden className="h-4 animate-pulse rounded bg-black/5" style={{ width: `${90 - i * 7}%` }} />
          ))}
        </div>
      ) : page.isError ? (
        <div className="mt-8 flex flex-col items-start gap-3">
          <p>Impossibile caricare la pagina.</p>
          <StoreButton tone="outline" onClick={() => void page.refetch()}>
            Riprova
          </StoreButton>
        </div>
      ) : (
        // Safe to inject: the server renders the Markdown with raw HTML disabled and only http(s), mailto, tel and site links.
        <article className={clsx('mt-6', PROSE)} dangerouslySetInnerHTML={{ __html: page.data.html }} />
      )}
    </div>
  );
}
