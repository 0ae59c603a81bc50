// First-load JavaScript of every public page (storefront and public site), gzipped, from the public
// build's manifest: the entry chunk, the page's layout and page modules, and everything they import
// statically (what must arrive before the page can hydrate). Run after the build: it fails the build
// when a page goes over the budget. The benchmark imports firstLoadJs to report the same figures.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Storefront first-load JavaScript budget, in KB (gzip). */
export const BUDGET_KB = 90;

const here = path.dirname(fileURLToPath(import.meta.url));
export const publicDist = path.join(here, '..', 'dist', 'public');

/** The public pages and the modules each first load needs (manifest keys, besides the entry). */
export const PAGES = {
  'storefront home': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/home-page.tsx'],
  'storefront products': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/products-page.tsx'],
  'storefront category': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/category-page.tsx'],
  'storefront product': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/product-page.tsx'],
  'storefront checkout': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/checkout-page.tsx'],
  'storefront order': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/order-page.tsx'],
  'storefront legal page': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/legal-page.tsx'],
  'storefront withdrawal': ['src/features/storefront/storefront-layout.tsx', 'src/features/storefront/pages/withdrawal-page.tsx'],
  landing: ['src/ssr/marketing-shell.tsx', 'src/features/marketing/pages/landing-page.tsx'],
};

/** KB (gzip, one decimal) of the JavaScript a page loads before it can hydrate. */
export function firstLoadJs(modules, dist = publicDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is missing from the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of ['public.html', ...modules]) visit(key);
  const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let over = false;
  for (const [name, modules] of Object.entries(PAGES)) {
    const kb = firstLoadJs(modules);
    const storefront = name.startsWith('storefront');
    const fails = storefront && kb > BUDGET_KB;
    over ||= fails;
    // eslint-disable-next-line no-console -- the build's report
    console.log(`${fails ? '✗' : '✓'} ${name}: ${kb} KB gzip${storefront ? ` (budget ${BUDGET_KB} KB)` : ''}`);
  }
  if (over) {
    console.error(`The storefront's first-load JavaScript is over ${BUDGET_KB} KB gzip: keep heavy code out of the public build.`);
    process.exit(1);
  }
}
