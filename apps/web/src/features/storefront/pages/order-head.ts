import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of order-page.tsx. The shopper's order: not indexed. */
export const orderHead: StoreHead = ({ store, base }) => {
  // Nothing of the order itself: the server never reads it, and caches this page by path.
  return { status: 200, meta: { ...base, title: `Il tuo ordine · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
};
