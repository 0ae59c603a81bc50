import { summary, type StoreHead } from '@/ssr/head-parts';

/** The head of withdrawal-page.tsx ('Recedi dal contratto'): not indexed. */
export const withdrawalHead: StoreHead = ({ store, base }) => ({
  status: 200,
  meta: {
    ...base,
    title: `Recedi dal contratto · ${store.name}`,
    description: summary(`Esercita il diritto di recesso per un ordine su ${store.name}, senza account.`),
    noindex: true,
    jsonLd: [],
  },
});
