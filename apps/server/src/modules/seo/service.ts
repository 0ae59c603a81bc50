import { CATALOG_LIMITS } from '@vetrina/shared';
import { escapeXml } from '@vetrina/shared/escape';
import type { AppContext } from '../../lib/context.js';
import { storeBySlug } from '../tenancy/service.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { seoRepo, type DatedSlug } from './repo.js';

/** The sitemap protocol's limit of URLs per sitemap (and of sitemaps per index). */
export const SITEMAP_MAX_URLS = 50_000;

/** The platform's own public pages (sitemap-site.xml). */
const SITE_PAGES = ['/', '/faq', '/pricing', '/blog'];

/** Crawlers stay out of what only makes sense signed in or mid-purchase (and the JSON API). */
const DISALLOWED = [
  '/dashboard',
  '/api/',
  '/store/*/checkout',
  '/store/*/ordine/',
  '/onboarding',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/auth/',
  '/invitations/',
];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A stored time as a W3C datetime (UTC ISO-8601), or null when it is not a time. */
function w3cDate(value: string | null): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

const urlEntry = (loc: string, lastmod: string | null) => {
  const date = w3cDate(lastmod);
  return `<url><loc>${escapeXml(loc)}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</url>\n`;
};
const sitemapEntry = (loc: string) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`;

async function* urlset(
  head: Array<{ loc: string; lastmod: string | null }>,
  rest?: AsyncIterable<Array<{ loc: string; lastmod: string | null }>>,
): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset ${NS}>\n`;
  yield head.map((u) => urlEntry(u.loc, u.lastmod)).join('');
  if (rest) for await (const chunk of rest) yield chunk.map((u) => urlEntry(u.loc, u.lastmod)).join('');
  yield '</urlset>\n';
}

async function* sitemapIndex(locs: Iterable<string> | AsyncIterable<string[]>): AsyncGenerator<string> {
  yield `${XML_HEAD}<sitemapindex ${NS}>\n`;
  for await (const item of locs) yield Array.isArray(item) ? item.map(sitemapEntry).join('') : sitemapEntry(item);
  yield '</sitemapindex>\n';
}

/** A page number from the address: 1…999,999,999 written plainly, else null. */
export const pageNumber = (raw: string): number | null => (/^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

export interface SeoOptions {
  /** URLs per sitemap and sitemaps per index (SITEMAP_MAX_URLS; tests use a handful). */
  pageSize?: number;
}

/**
 * Sitemaps and robots.txt, the files search engines read. URLs are absolute on the configured
 * public address; every sitemap streams its rows in chunks. Anything unknown (store, page) is null.
 */
export function seoService(ctx: AppContext, opts: SeoOptions = {}) {
  const pageSize = opts.pageSize ?? SITEMAP_MAX_URLS;
  const repo = seoRepo(ctx.db);
  const origin = () => ctx.publicUrl().replace(/\/+$/, '');
  const storeHome = (slug: string) => `${origin()}/store/${encodeURIComponent(slug)}`;
  const pageCount = (urls: number) => Math.max(1, Math.ceil(urls / pageSize));

  /**
   * Stores whose sitemap is split in pages (a store with more than pageSize URLs). The platform
   * index lists their pages one by one, since an index may not point to another index. Counting
   * them reads every active product, so the answer is kept a few minutes.
   */
  const bigStoresCache = ttlCache<Array<{ id: string; slug: string; pages: number }>>({ ttlMs: 5 * 60_000, maxEntries: 1 });
  async function bigStores() {
    let big = bigStoresCache.get('');
    if (!big) {
      const fixedMax = 2 + CATALOG_LIMITS.categoriesPerStore;
      const candidates = await repo.storesWithManyProducts(Math.max(0, pageSize - fixedMax));
      big = candidates
        .filter((s) => 2 + s.categories + s.products > pageSize)
        .map((s) => ({ id: s.id, slug: s.slug, pages: pageCount(2 + s.categories + s.products) }));
      bigStoresCache.set('', big);
    }
    return big;
  }

  /** The platform index's entries: sitemap-site.xml, one sitemap per ordinary store, then each page of the big stores. */
  async function platformLayout() {
    const [stores, big] = await Promise.all([repo.storeCount(), bigStores()]);
    const ordinary = Math.max(0, stores - big.length);
    const bigPages = big.flatMap((s) => Array.from({ length: s.pages }, (_, i) => `${storeHome(s.slug)}/sitemap-${i + 1}.xml`));
    const total = 1 + ordinary + bigPages.length;
    return { big, ordinary, bigPages, pages: pageCount(total) };
  }

  return {
    pageSize,

    /**
     * /store/{slug}/sitemap.xml (page null) and /store/{slug}/sitemap-{n}.xml: the store's home,
     * product list, categories and active products. Past pageSize URLs the first address is an
     * index of the numbered pages; numbered pages exist only then.
     */
    async storeSitemap(slug: string, page: number | null): Promise<AsyncIterable<string> | null> {
      const store = await storeBySlug(ctx.db, slug);
      if (!store) return null;
      const [categories, products, lastmod] = await Promise.all([repo.categories(store.id), repo.activeProductCount(store.id), repo.storeLastmod(store.id)]);
      const home = storeHome(slug);
      const fixed = [
        { loc: home, lastmod },
        { loc: `${home}/products`, lastmod },
        ...categories.map((c) => ({ loc: `${home}/category/${encodeURIComponent(c.slug)}`, lastmod: c.lastmod })),
      ];
      const total = fixed.length + products;
      const pages = pageCount(total);
      if (page === null && pages > 1) return sitemapIndex(Array.from({ length: pages }, (_, i) => `${home}/sitemap-${i + 1}.xml`));
      if (page !== null && (pages === 1 || page > pages)) return null;
      const start = ((page ?? 1) - 1) * pageSize;
      const head = fixed.slice(start, start + pageSize);
      const productOffset = Math.max(0, start - fixed.length);
      const productLimit = Math.min(pageSize - head.length, products - productOffset);
      const toUrls = async function* (rows: AsyncIterable<DatedSlug[]>) {
        for await (const chunk of rows) yield chunk.map((p) => ({ loc: `${home}/products/${encodeURIComponent(p.slug)}`, lastmod: p.lastmod }));
      };
      return urlset(head, productLimit > 0 ? toUrls(repo.activeProducts(store.id, productOffset, productLimit)) : undefined);
    },

    /** /sitemap.xml (page 1) and /sitemap-index-{n}.xml: every sitemap of the platform, pageSize per page. */
    async platformIndex(page: number): Promise<AsyncIterable<string> | null> {
      const layout = await platformLayout();
      if (page > layout.pages) return null;
      const start = (page - 1) * pageSize;
      const end = start + pageSize;
      const site = start === 0 ? [`${origin()}/sitemap-site.xml`] : [];
      // Entries 1…ordinary are the ordinary stores, in slug order; the big stores' pages follow.
      const from = Math.max(start, 1) - 1;
      const to = Math.min(end, 1 + layout.ordinary) - 1;
      const except = layout.big.map((s) => s.id);
      const bigFrom = Math.max(start, 1 + layout.ordinary) - 1 - layout.ordinary;
      const bigTo = end - 1 - layout.ordinary;
      const bigPages = layout.bigPages.slice(Math.max(0, bigFrom), Math.max(0, bigTo));
      async function* entries(): AsyncGenerator<string[]> {
        yield site;
        if (to > from) for await (const slugs of repo.storeSlugs(from, to - from, except)) yield slugs.map((s) => `${storeHome(s)}/sitemap.xml`);
        yield bigPages;
      }
      return sitemapIndex(entries());
    },

    /** /sitemap-site.xml: the platform's public pages. */
    siteSitemap(): AsyncIterable<string> {
      return urlset(SITE_PAGES.map((p) => ({ loc: p === '/' ? `${origin()}/` : `${origin()}${p}`, lastmod: null })));
    },

    /** robots.txt: what crawlers may read and where the sitemaps are (index pages past the first, if any). */
    async robots(): Promise<string> {
      const { pages } = await platformLayout();
      const sitemaps = [`${origin()}/sitemap.xml`, ...Array.from({ length: pages - 1 }, (_, i) => `${origin()}/sitemap-index-${i + 2}.xml`)];
      return ['User-agent: *', ...DISALLOWED.map((d) => `Disallow: ${d}`), 'Allow: /', '', ...sitemaps.map((s) => `Sitemap: ${s}`), ''].join('\n');
    },
  };
}
export type SeoService = ReturnType<typeof seoService>;
