import type { PublicLegalPage } from '@vetrina/shared/business';
import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { legalPageDescription } from '@vetrina/shared/legal-pages';
import { storefrontData } from '@/features/storefront/api';
import { summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of legal-page.tsx. A legal page (terms, privacy, shipping and returns), with its breadcrumb. */
export const legalHead: StoreHead = ({ store, base, slug, home, url, storeLd, crumbs, read }) => {
  const kind = url.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const got = read<PublicLegalPage>(storefrontData.legalPage(slug, kind).key);
  const page = got.data;
  if (!page) {
    const status = got.status === 404 ? 404 : 503;
    return { status, meta: { ...base, title: `Pagina non trovata · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
  }
  const path = `${home}/${page.kind}`;
  return {
    status: 200,
    meta: {
      ...base,
      title: `${page.title} · ${store.name}`,
      description: summary(legalPageDescription(page.kind, store.name)),
      canonical: path,
      jsonLd: [
        storeLd,
        crumbs([
          { name: 'Home', path: home },
          { name: page.title, path },
        ]),
      ],
    },
  };
};
