import { parseEuroToCents, type ProductDetail, type ProductFormValues, type ProductInput, type productFormSchema } from '@vetrina/shared';
import type { z } from 'zod';
import { euroInputFromCents } from '@/lib/format';

type FormOut = z.output<typeof productFormSchema>;
type ProductFields = Pick<
  ProductDetail,
  'title' | 'slug' | 'description' | 'priceCents' | 'compareAtCents' | 'sku' | 'stock' | 'category' | 'status' | 'vatCode' | 'withdrawalExclusion' | 'variants'
>;

/** The form's starting values: a product's own, or a new product's blanks. */
export const productFormValues = (p: ProductFields | undefined): ProductFormValues => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  description: p?.description ?? '',
  price: p ? euroInputFromCents(p.priceCents) : '',
  compareAt: p?.compareAtCents != null ? euroInputFromCents(p.compareAtCents) : '',
  sku: p?.sku ?? '',
  stock: p?.variants.length ? 0 : (p?.stock ?? 0),
  categoryId: p?.category?.id ?? '',
  status: p?.status ?? 'draft',
  // '' is 'Predefinita dello store': the product follows the store's rate, even when it changes.
  vatCode: p?.vatCode ?? '',
  withdrawalExcluded: Boolean(p?.withdrawalExclusion),
  withdrawalExclusion: p?.withdrawalExclusion ?? '',
});

/** The validated form as the API takes it; with variants the product's own stock is 0. */
export function productInputOf(values: FormOut, opts: { hasVariants: boolean; imageIds: string[] }): ProductInput {
  return {
    title: values.title,
    // Empty: a new product takes its title's slug, an existing one keeps its own.
    ...(values.slug ? { slug: values.slug } : {}),
    description: values.description,
    priceCents: parseEuroToCents(values.price) ?? 0,
    compareAtCents: values.compareAt ? parseEuroToCents(values.compareAt) : null,
    sku: values.sku,
    stock: opts.hasVariants ? 0 : values.stock,
    categoryId: values.categoryId || null,
    status: values.status,
    imageIds: opts.imageIds,
    // Always sent: an absent code would reset an edited product to the store's default.
    vatCode: values.vatCode === '' ? null : values.vatCode,
    withdrawalExclusion: values.withdrawalExcluded && values.withdrawalExclusion !== '' ? values.withdrawalExclusion : null,
  };
}
