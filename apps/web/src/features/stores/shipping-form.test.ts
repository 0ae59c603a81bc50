import { describe, expect, it } from 'vitest';
import { shippingFormSchema, shippingFormValues, toShippingInput } from './shipping-form';

describe('shipping form', () => {
  it('reads Italian amounts and empty fields', () => {
    expect(toShippingInput({ domestic: { rate: '4,90', freeAbove: '' }, countries: [{ code: 'FR', rate: '12,5', freeAbove: '100' }] })).toEqual({
      domestic: { rateCents: 490, freeAboveCents: null },
      countries: [{ code: 'FR', rateCents: 1250, freeAboveCents: 10000 }],
    });
  });

  it('starts from the stored settings and gives them back unchanged', () => {
    const stored = { domestic: { rateCents: 599, freeAboveCents: 4900 }, countries: [{ code: 'DE', rateCents: 1390, freeAboveCents: null }] };
    expect(toShippingInput(shippingFormValues(stored))).toEqual(stored);
  });

  it('puts the shared messages on the typed fields', () => {
    const r = shippingFormSchema.safeParse({ domestic: { rate: 'abc', freeAbove: '0' }, countries: [] });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['domestic.rate', 'domestic.freeAbove']));
  });
});
