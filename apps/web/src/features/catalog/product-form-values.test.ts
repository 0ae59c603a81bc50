import { describe, expect, it } from 'vitest';
import { productFormSchema, type ProductDetail } from '@vetrina/shared';
import { productFormValues, productInputOf } from './product-form-values';

type Product = NonNullable<Parameters<typeof productFormValues>[0]>;
const product = (over: Partial<ProductDetail> = {}): Product => ({
  title: 'Tazza',
  slug: 'tazza',
  description: 'In ceramica',
  priceCents: 1290,
  compareAtCents: null,
  sku: 'TAZ-1',
  stock: 4,
  status: 'active',
  category: null,
  vatCode: null,
  withdrawalExclusion: null,
  variants: [],
  ...over,
});

const submit = (values: ReturnType<typeof productFormValues>, hasVariants = false) =>
  productInputOf(productFormSchema.parse(values), { hasVariants, imageIds: ['img1'] });

describe('productFormValues', () => {
  it("starts a product without its own rate on 'Predefinita dello store'", () => {
    expect(productFormValues(product()).vatCode).toBe('');
    expect(productFormValues(undefined).vatCode).toBe('');
  });

  it('starts a product with its own rate on that rate', () => {
    expect(productFormValues(product({ vatCode: '4' })).vatCode).toBe('4');
  });

  it('writes prices as an Italian types them', () => {
    expect(productFormValues(product({ compareAtCents: 1500 }))).toMatchObject({ price: '12,90', compareAt: '15,00' });
  });
});

describe('productInputOf', () => {
  it("sends null for 'Predefinita dello store', so the product follows the store's rate", () => {
    expect(submit(productFormValues(product())).vatCode).toBeNull();
  });

  it('sends the chosen rate or nature', () => {
    expect(submit({ ...productFormValues(product()), vatCode: '10' }).vatCode).toBe('10');
    expect(submit({ ...productFormValues(product()), vatCode: 'N2.2' }).vatCode).toBe('N2.2');
  });

  it('round-trips a product unchanged', () => {
    const p = product({ vatCode: '22', compareAtCents: 1500 });
    expect(submit(productFormValues(p))).toEqual({
      title: 'Tazza',
      slug: 'tazza',
      description: 'In ceramica',
      priceCents: 1290,
      compareAtCents: 1500,
      sku: 'TAZ-1',
      stock: 4,
      categoryId: null,
      status: 'active',
      imageIds: ['img1'],
      vatCode: '22',
      withdrawalExclusion: null,
    });
  });

  it("sends the reason of 'Escluso dal recesso', and null once the switch is off", () => {
    const excluded = productFormValues(product({ withdrawalExclusion: 'perishable' }));
    expect(excluded).toMatchObject({ withdrawalExcluded: true, withdrawalExclusion: 'perishable' });
    expect(submit(excluded).withdrawalExclusion).toBe('perishable');
    expect(submit({ ...excluded, withdrawalExcluded: false }).withdrawalExclusion).toBeNull();
  });

  it('asks for the reason when the switch is on', () => {
    const res = productFormSchema.safeParse({ ...productFormValues(product()), withdrawalExcluded: true });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ['withdrawalExclusion'], message: 'Scegli perché il prodotto è escluso dal recesso' });
  });

  it('saves 0 stock for a product with variants and leaves out an empty slug', () => {
    const input = submit({ ...productFormValues(product()), slug: '' }, true);
    expect(input.stock).toBe(0);
    expect(input).not.toHaveProperty('slug');
  });
});
