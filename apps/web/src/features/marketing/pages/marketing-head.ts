import type { Described } from '@/ssr/head-parts';

const MARKETING: Record<string, { title: string; description: string }> = {
  landing: {
    title: 'Vetrina — Il tuo negozio online in pochi minuti',
    description: 'Vetrina: crea il tuo negozio online in pochi minuti. 0% commissioni, store illimitati, assistenza in italiano.',
  },
  faq: {
    title: 'Domande frequenti · Vetrina',
    description: 'Le risposte alle domande più frequenti su Vetrina: prezzi, pagamenti, store, team, sicurezza e assistenza.',
  },
  pricing: {
    title: 'Prezzi · Vetrina',
    description: 'Starter a 29 € al mese, Professional a 79 €, Enterprise su misura. 0% commissioni sulle vendite e 30 giorni soddisfatti o rimborsati.',
  },
  blog: {
    title: 'Blog · Vetrina',
    description: 'Guide, strategie e case study per vendere online: SEO, spedizioni in Italia, schede prodotto e lavoro in team.',
  },
};

/** The head of the public site's pages (landing, FAQ, pricing, blog) and of the not-found page. */
export function marketingHead(routeId: string, url: URL, abs: (path: string) => string): Described {
  const m = MARKETING[routeId];
  if (!m)
    return {
      status: 404,
      meta: {
        title: 'Pagina non trovata · Vetrina',
        description: 'La pagina che cerchi non esiste o è stata spostata.',
        noindex: true,
        siteName: 'Vetrina',
        jsonLd: [],
      },
    };
  const org = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Vetrina', url: abs('/'), logo: abs('/favicon.svg') };
  return {
    status: 200,
    meta: {
      ...m,
      canonical: url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, ''),
      siteName: 'Vetrina',
      image: abs('/og-vetrina.png'),
      jsonLd: routeId === 'landing' ? [org] : [],
    },
  };
}
