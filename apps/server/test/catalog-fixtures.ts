import sharp from 'sharp';
import type { ProductDetail, ProductImage, ProductInput } from '@vetrina/shared';
import { addMember, createStoreFor, createUser, type Client, type TestServer } from './harness.js';

/** A merchant (admin) with their own store, and a client already acting on it. */
export async function merchant(server: TestServer, name = 'Negozio catalogo') {
  const user = await createUser(server);
  const store = await createStoreFor(server, user.id, name);
  return { ...user, store, base: `/api/stores/${store.id}` };
}

/** A second member of a store with the given role. */
export async function member(server: TestServer, storeId: string, role: 'admin' | 'staff') {
  const user = await createUser(server);
  await addMember(server, storeId, user.id, role);
  return user;
}

let skuCounter = 0;
export const uniqueSku = (prefix = 'T') => `${prefix}-${Date.now().toString(36)}-${(skuCounter++).toString(36)}`.toUpperCase();

/** Factory: a product created over HTTP (201 expected). */
export async function createProduct(c: Client, base: string, input: Partial<ProductInput> = {}): Promise<ProductDetail> {
  const res = await c.post<ProductDetail>(`${base}/products`, { title: 'Prodotto di prova', priceCents: 1990, sku: uniqueSku(), ...input });
  if (res.status !== 201) throw new Error(`create product failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createVariant(c: Client, base: string, productId: string, input: Record<string, unknown> = {}) {
  const res = await c.post(`${base}/products/${productId}/variants`, { label: 'Taglia M', sku: uniqueSku('V'), stock: 5, ...input });
  if (res.status !== 201) throw new Error(`create variant failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createCategory(c: Client, base: string, name = `Categoria ${uniqueSku()}`) {
  const res = await c.post(`${base}/categories`, { name });
  if (res.status !== 201) throw new Error(`create category failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; slug: string };
}

/** A real image of the given format, generated in memory. */
export function imageBytes(format: 'png' | 'jpeg' | 'webp' = 'png', width = 64, height = 48, color = '#8B5CF6'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return image[format]().toBuffer();
}

export function imageForm(files: Array<{ bytes: Buffer; name?: string; type?: string }>): FormData {
  const fd = new FormData();
  for (const [i, f] of files.entries()) fd.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name ?? `foto-${i}.png`);
  return fd;
}

/** Uploads images (staged until a product or variant is saved with their ids). */
export async function uploadImages(c: Client, base: string, count = 1, target: 'product' | 'variant' = 'product'): Promise<ProductImage[]> {
  const files = await Promise.all(Array.from({ length: count }, (_, i) => imageBytes('png', 80 + i, 60)));
  const res = await c.post<{ images: ProductImage[] }>(`${base}/product-images?target=${target}`, imageForm(files.map((bytes) => ({ bytes }))));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.images;
}

/** Every stored file of a store. */
export const storeFiles = (server: TestServer, storeId: string) => server.ctx.storage.list(`stores/${storeId}/`);

/** How many rows of a catalogue table belong to a store. */
export async function catalogRows(
  server: TestServer,
  table: 'products' | 'categories' | 'product_variants' | 'inventory' | 'store_skus' | 'product_images',
  storeId: string,
): Promise<number> {
  const row = await server.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets reservations directly, as the orders module does for open orders. */
export async function reserve(server: TestServer, inventoryId: string, reserved: number) {
  await server.ctx.db.updateTable('inventory').set({ reserved }).where('id', '=', inventoryId).execute();
}
