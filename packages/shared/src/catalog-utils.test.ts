import { describe, expect, it } from 'vitest';
import {
  attributesFromPairs,
  formatSku,
  generatedSkuNumber,
  parseEuroToCents,
  quantityFromInput,
  isNegativeQuantity,
  skuKey,
  categorySlug,
  numberedSlug,
  productSlugFromTitle,
} from './catalog-utils.js';
import { productFormSchema, productInputSchema, variantInputSchema } from './catalog.js';

describe('categorySlug (spec §5)', () => {
  it.each([
    ['Elettronica', 'elettronica'],
    ['Casa e Cucina', 'casa-e-cucina'],
    ['Caffè & Tè', 'caffe-te'],
    ['Perché così? Già!', 'perche-cosi-gia'],
    ['  Tanti    spazi  ', 'tanti-spazi'],
    ['trattini---ripetuti -- qui', 'trattini-ripetuti-qui'],
    ["L'Àrea Ëstiva", 'larea-estiva'],
    ['-inizio e fine-', 'inizio-e-fine'],
    ['snake_case resta', 'snake_case-resta'],
    ['100% Cotone', '100-cotone'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (input, slug) => {
    expect(categorySlug(input)).toBe(slug);
  });

  it('keeps slugs within 80 characters without a trailing hyphen', () => {
    const s = categorySlug(`${'a'.repeat(79)} b`);
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s.endsWith('-')).toBe(false);
  });
});

describe('productSlugFromTitle', () => {
  it.each([
    ['Cuffie wireless Aurora', 'cuffie-wireless-aurora'],
    ['Caffè & Tè — perché così?', 'caffe-te-perche-cosi'],
    ["L'Àrea Ëstiva", 'l-area-estiva'],
    ['Façade Ça Été', 'facade-ca-ete'],
    ['snake_case 100% Cotone', 'snake-case-100-cotone'],
    ['Straße Œuvre Ærø', 'strasse-oeuvre-aero'],
    ['  --spazi--  ', 'spazi'],
    ['!!!', 'prodotto'],
    ['日本語', 'prodotto'],
    ['', 'prodotto'],
  ])('%j → %j', (title, slug) => {
    expect(productSlugFromTitle(title)).toBe(slug);
  });

  it('stays within 80 characters, also numbered, without a trailing hyphen', () => {
    const base = productSlugFromTitle(`${'a'.repeat(79)} bcd`);
    expect(base).toBe('a'.repeat(79));
    const numbered = numberedSlug(productSlugFromTitle(`${'a'.repeat(77)} bcd`), 12);
    expect(numbered).toBe(`${'a'.repeat(77)}-12`);
    expect(numberedSlug('borsa', 1)).toBe('borsa');
    expect(numberedSlug('borsa', 2)).toBe('borsa-2');
  });

  it('the product form accepts an empty slug or a valid one, and names the rule otherwise', () => {
    const base = { title: 'T', description: '', price: '1', sku: 'SKU-1', stock: 0, categoryId: '', status: 'draft' as const };
    expect(productFormSchema.safeParse({ ...base, slug: '' }).success).toBe(true);
    expect(productFormSchema.safeParse({ ...base, slug: ' borsa-2 ' }).data?.slug).toBe('borsa-2');
    for (const slug of ['Borsa', 'borsa--2', 'borsa_2', '-borsa', 'x'.repeat(81)]) {
      expect(productFormSchema.safeParse({ ...base, slug }).error?.issues[0]?.message, slug).toBe('Slug non valido: usa lettere minuscole, numeri e trattini');
    }
  });

  it('is accepted by the slug field of the product schema', () => {
    for (const t of ['Caffè & Tè', `${'x '.repeat(100)}`, '!!!']) {
      const slug = numberedSlug(productSlugFromTitle(t), 3);
      expect(productInputSchema.safeParse({ title: t, priceCents: 1, sku: 'A', slug }).success, slug).toBe(true);
    }
  });
});

describe('SKU helpers', () => {
  it('formats the generator sequence with four digits, more when needed', () => {
    expect(formatSku(1)).toBe('SKU-0001');
    expect(formatSku(42)).toBe('SKU-0042');
    expect(formatSku(9999)).toBe('SKU-9999');
    expect(formatSku(10000)).toBe('SKU-10000');
  });
  it('reads back the number of generator-style SKUs only', () => {
    expect(generatedSkuNumber('SKU-0007')).toBe(7);
    expect(generatedSkuNumber(' sku-12 ')).toBe(12);
    expect(generatedSkuNumber('SKU-0007-M')).toBeNull();
    expect(generatedSkuNumber('ABC-1')).toBeNull();
  });
  it('compares SKUs case-insensitively', () => {
    expect(skuKey(' sku-0001 ')).toBe(skuKey('SKU-0001'));
  });
});

describe('parseEuroToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['0,99', 99],
    ['.5', 50],
    ['12.', 1200],
    ['€ 3,20', 320],
    ['0', 0],
    ['12,90', 1290],
    ['12.90', 1290],
    ['1.234,50', 123450],
    ['1,234.50', 123450],
    ['1.234.567,8', 123456780],
    ['  7 ', 700],
    ['1.250', 125000],
    ['12.345', 1234500],
    ['1.234.567', 123456700],
  ])('%j → %d cents', (input, cents) => {
    expect(parseEuroToCents(input)).toBe(cents);
  });
  it.each(['', 'abc', '1,234', '12,345', '1234.567', '1.2345', '1.23,50', '1.23.456', '1.234,567.00', '1,234,50', '12,9,0', '1e3', '--1', '.'])(
    '%j is not an amount',
    (input) => {
      expect(parseEuroToCents(input)).toBeNull();
    },
  );
  it('accepts negatives only when asked (variant price deltas)', () => {
    expect(parseEuroToCents('-3,20')).toBeNull();
    expect(parseEuroToCents('-3,20', { allowNegative: true })).toBe(-320);
    expect(parseEuroToCents('-3,5')).toBeNull();
    expect(parseEuroToCents('-3,5', { allowNegative: true })).toBe(-350);
    expect(parseEuroToCents('-1.234,50', { allowNegative: true })).toBe(-123450);
    expect(parseEuroToCents(-5, { allowNegative: true })).toBe(-500);
    expect(parseEuroToCents('-1.250')).toBeNull();
    expect(parseEuroToCents('-1.250', { allowNegative: true })).toBe(-125000);
  });
  it('reads a dot before exactly three digits as thousands, as Italians write 1.250 €', () => {
    expect(parseEuroToCents('1.250')).toBe(parseEuroToCents('1.250,00'));
    expect(parseEuroToCents('1.25')).toBe(125);
    expect(parseEuroToCents('1.2500')).toBeNull();
  });
});

describe('form rules', () => {
  it('turns non-numbers into 0 and cuts decimals in inline quantities', () => {
    expect(quantityFromInput('abc')).toBe(0);
    expect(quantityFromInput('')).toBe(0);
    expect(quantityFromInput('-4')).toBe(0);
    expect(quantityFromInput('7.9')).toBe(7);
    expect(quantityFromInput('12')).toBe(12);
  });
  it('tells a negative quantity apart from one that is not a number', () => {
    expect(isNegativeQuantity('-4')).toBe(true);
    expect(isNegativeQuantity(' -0,5 ')).toBe(true);
    expect(isNegativeQuantity('0')).toBe(false);
    expect(isNegativeQuantity('-')).toBe(false);
    expect(isNegativeQuantity('abc')).toBe(false);
  });
  it('keeps attribute pairs only when key and value are both filled', () => {
    expect(
      attributesFromPairs([
        { key: 'Taglia', value: 'M' },
        { key: 'Colore', value: ' ' },
        { key: '', value: 'Rosso' },
      ]),
    ).toEqual({ Taglia: 'M' });
    const parsed = variantInputSchema.parse({
      label: 'M',
      sku: 'X-1',
      attributes: [
        { key: ' Taglia ', value: 'M' },
        { key: 'x', value: '' },
      ],
    });
    expect(parsed.attributes).toEqual({ Taglia: 'M' });
  });
  it('rejects a price with three decimals and a missing one with the right messages', () => {
    const base = { title: 'T', description: '', sku: 'SKU-1', stock: 0, categoryId: '', status: 'draft' as const };
    expect(productFormSchema.safeParse({ ...base, price: '1,234' }).error?.issues[0]?.message).toBe(
      'Inserisci un prezzo valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)',
    );
    expect(productFormSchema.safeParse({ ...base, price: '' }).error?.issues[0]?.message).toBe('Il prezzo è obbligatorio');
    expect(productFormSchema.safeParse({ ...base, price: '9,99', stock: Number.NaN }).data?.stock).toBe(0);
  });
  it('answers a variant without label or SKU with the spec message', () => {
    const r = variantInputSchema.safeParse({ label: ' ', sku: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Label e SKU sono obbligatori', 'Label e SKU sono obbligatori']);
  });
});
