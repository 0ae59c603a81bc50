import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of checkout-page.tsx. The checkout: not indexed. */
export const checkoutHead: StoreHead = ({ store, base }) => {
  return { status: 200, meta: { ...base, title: `Checkout · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
};
