/**
 * Seeds the benchmark's stores through the product's own code: an in-process app on the bench
 * database signs a merchant up and creates the stores and categories through its HTTP routes
 * (`inject`), and the products and variants through the catalogue's services — the same
 * transactions, SKU registry, slugs, stock rows and search index a merchant's clicks produce.
 */
import { randomUUID } from 'node:crypto';
import { productInputSchema, variantInputSchema } from '@vetrina/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { productsService } from '../apps/server/src/modules/catalog/products/service.js';
import { variantsService } from '../apps/server/src/modules/catalog/variants/service.js';

const NOUNS = [
  'Scarpe',
  'Maglia',
  'Borsa',
  'Tazza',
  'Lampada',
  'Giacca',
  'Cuscino',
  'Zaino',
  'Orologio',
  'Cappello',
  'Sciarpa',
  'Pantaloni',
  'Vaso',
  'Quaderno',
  'Caffè',
  'Tè',
  'Olio',
  'Miele',
  'Pasta',
  'Candela',
];
const ADJECTIVES = [
  'rosse',
  'blu',
  'eleganti',
  'sportive',
  'artigianali',
  'morbide',
  'classiche',
  'leggere',
  'robuste',
  'vintage',
  'naturali',
  'colorate',
  'pregiate',
  'moderne',
  'calde',
  'fresche',
];
const MATERIALS = ['in pelle', 'di lana', 'di cotone', 'in ceramica', 'in legno', 'di seta', 'in vetro', 'di lino', 'in acciaio', 'biologico'];
const CATEGORIES = ['Abbigliamento', 'Casa', 'Cucina', 'Accessori', 'Alimentari', 'Sport', 'Ufficio', 'Regali'];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** Words a shopper would type: the bench builds its different search queries from them. */
export const SEARCH_WORDS = [...NOUNS, ...ADJECTIVES, ...MATERIALS.map((m) => m.split(' ').pop()!)];

export interface SeededStore {
  id: string;
  slug: string;
  categorySlugs: string[];
  products: Array<{ id: string; slug: string; priceCents: number; variants: Array<{ id: string; priceCents: number }> }>;
}

export interface SeedEnv {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

function title(i: number) {
  return `${NOUNS[i % NOUNS.length]} ${ADJECTIVES[Math.floor(i / NOUNS.length) % ADJECTIVES.length]} ${MATERIALS[Math.floor(i / (NOUNS.length * ADJECTIVES.length)) % MATERIALS.length]} ${i + 1}`;
}

export async function seedStores(
  env: SeedEnv,
  shapes: Array<{ name: string; products: number; variantsEach: number; stock: number }>,
  log: (s: string) => void,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: env.dataDir,
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '0',
    JWT_SECRET: randomUUID() + randomUUID(),
    ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl, DATABASE_SCHEMA: env.databaseSchema ?? '' } : {}),
  });
  // The web app is not needed to seed: an empty folder keeps the pages out.
  const { app, ctx } = await buildApp({ ...config, webDist: `${env.dataDir}/no-web` });
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `bench.${Date.now()}@example.it`, password: `bench-${randomUUID()}` },
    });
    if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
    const token = (signup.json() as { session: { accessToken: string } }).session.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const stores: SeededStore[] = [];
    for (const shape of shapes) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: auth,
        payload: { name: shape.name, colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } },
      });
      if (created.statusCode !== 201) throw new Error(`store failed: ${created.body}`);
      const store = created.json() as { id: string; slug: string };
      const categories: Array<{ id: string; slug: string }> = [];
      for (const name of CATEGORIES) {
        const c = await app.inject({ method: 'POST', url: `/api/stores/${store.id}/categories`, headers: auth, payload: { name } });
        if (c.statusCode !== 201) throw new Error(`category failed: ${c.body}`);
        categories.push(c.json() as { id: string; slug: string });
      }
      const seeded: SeededStore = { id: store.id, slug: store.slug, categorySlugs: categories.map((c) => c.slug), products: [] };
      const started = Date.now();
      for (let i = 0; i < shape.products; i++) {
        const priceCents = 500 + ((i * 7919) % 20000);
        const data = productInputSchema.parse({
          title: title(i),
          description: `${title(i)}: ${ADJECTIVES[i % ADJECTIVES.length]} e ${ADJECTIVES[(i + 3) % ADJECTIVES.length]}, prodotto ${MATERIALS[i % MATERIALS.length]} per la ${CATEGORIES[i % CATEGORIES.length]!.toLowerCase()}.`,
          priceCents,
          sku: `B${shape.products}-${String(i + 1).padStart(5, '0')}`,
          stock: shape.variantsEach ? 0 : shape.stock,
          categoryId: categories[i % categories.length]!.id,
          status: 'active',
        });
        const product = await productsService(ctx).create({ storeId: store.id, user: null }, data);
        const variants: Array<{ id: string; priceCents: number }> = [];
        for (let v = 0; v < shape.variantsEach; v++) {
          const delta = v * 100;
          const variant = await variantsService(ctx).create(
            { storeId: store.id, user: null },
            product.id,
            variantInputSchema.parse({ label: `Taglia ${SIZES[v % SIZES.length]}`, sku: `${data.sku}-${v + 1}`, priceDeltaCents: delta, stock: shape.stock }),
          );
          variants.push({ id: variant.id, priceCents: priceCents + delta });
        }
        seeded.products.push({ id: product.id, slug: product.slug, priceCents, variants });
        if ((i + 1) % 2000 === 0) log(`  ${shape.name}: ${i + 1} products (${Math.round((Date.now() - started) / 1000)} s)`);
      }
      stores.push(seeded);
    }
    return stores;
  } finally {
    await app.close();
  }
}
