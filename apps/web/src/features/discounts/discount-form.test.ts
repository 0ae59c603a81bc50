import { describe, expect, it } from 'vitest';
import { discountMsg, type DiscountCode } from '@vetrina/shared';
import {
  discountFormFieldOf,
  discountFormSchema,
  discountFormValues,
  isoToLocalInput,
  localInputToIso,
  toDiscountInput,
  type DiscountFormValues,
} from './discount-form';

const stored: DiscountCode = {
  id: 'd1',
  code: 'ESTATE20',
  kind: 'fixed',
  value: 1290,
  minOrderCents: 5000,
  startsAt: '2026-06-01T07:00:00.000Z',
  endsAt: null,
  maxUses: 100,
  maxUsesPerEmail: null,
  active: false,
  uses: 3,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

const filled = (over: Partial<DiscountFormValues> = {}): DiscountFormValues => ({ ...discountFormValues(), code: 'estate20', value: '20', ...over });

/** The form's errors as { field: message }, or the API body when it is valid. */
function submit(values: DiscountFormValues) {
  const r = discountFormSchema.safeParse(values);
  if (r.success) return { data: r.data };
  return { errors: Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])) };
}

describe('date-time-local conversion', () => {
  it('reads the input as local time and sends UTC, and back', () => {
    const iso = localInputToIso('2026-06-01T09:30');
    expect(iso).toBe(new Date(2026, 5, 1, 9, 30).toISOString());
    expect(isoToLocalInput(iso)).toBe('2026-06-01T09:30');
  });

  it('keeps empty as none and nonsense as text the schema refuses', () => {
    expect(localInputToIso('  ')).toBeNull();
    expect(localInputToIso('domani')).toBe('domani');
    expect(localInputToIso('2026-02-31T10:00')).toBe('2026-02-31T10:00');
    expect(isoToLocalInput(null)).toBe('');
  });
});

describe('discountFormValues', () => {
  it('starts a new code active, as a percentage, with every limit empty', () => {
    expect(discountFormValues()).toEqual({
      code: '',
      kind: 'percent',
      value: '',
      minOrder: '',
      startsAt: '',
      endsAt: '',
      maxUses: '',
      maxUsesPerEmail: '',
      active: true,
    });
  });

  it('shows a stored code with amounts as Italian euro text', () => {
    const v = discountFormValues(stored);
    expect(v).toMatchObject({
      code: 'ESTATE20',
      kind: 'fixed',
      value: '12,90',
      minOrder: '50,00',
      endsAt: '',
      maxUses: '100',
      maxUsesPerEmail: '',
      active: false,
    });
    expect(v.startsAt).toBe(isoToLocalInput(stored.startsAt));
    expect(discountFormValues({ ...stored, kind: 'percent', value: 15, minOrderCents: 0 })).toMatchObject({ value: '15', minOrder: '' });
  });
});

describe('toDiscountInput', () => {
  it('turns euro text into cents, empty limits into none and an empty minimum into 0', () => {
    const input = toDiscountInput(filled({ kind: 'fixed', value: '12,90', maxUses: '1.000', maxUsesPerEmail: ' 2 ' }));
    expect(input).toMatchObject({ kind: 'fixed', value: 1290, minOrderCents: 0, startsAt: null, endsAt: null, maxUses: 1000, maxUsesPerEmail: 2 });
    expect(toDiscountInput(filled({ minOrder: '30' })).minOrderCents).toBe(3000);
    expect(toDiscountInput(filled({ value: '20 %' })).value).toBe(20);
  });
});

describe('discountFormSchema', () => {
  it('gives the API body the shared schema accepts, code in uppercase', () => {
    const r = submit(filled({ code: ' saldi_10 ', minOrder: '49,90', startsAt: '2026-06-01T09:00', endsAt: '2026-06-30T23:59', maxUses: '50' }));
    expect(r.data).toEqual({
      code: 'SALDI_10',
      kind: 'percent',
      value: 20,
      minOrderCents: 4990,
      startsAt: new Date(2026, 5, 1, 9, 0).toISOString(),
      endsAt: new Date(2026, 5, 30, 23, 59).toISOString(),
      maxUses: 50,
      maxUsesPerEmail: null,
      active: true,
    });
  });

  it.each([
    ['a negative percentage', { value: '-5' }, 'value', discountMsg.percent],
    ['a percentage over 100', { value: '101' }, 'value', discountMsg.percent],
    ['a percentage with decimals', { value: '12,5' }, 'value', discountMsg.percent],
    ['a percentage that is not a number', { value: 'venti' }, 'value', discountMsg.percent],
    ['no value', { value: '' }, 'value', discountMsg.value],
    ['a fixed amount of zero', { kind: 'fixed', value: '0' }, 'value', discountMsg.fixed],
    ['a fixed amount with three decimals', { kind: 'fixed', value: '1,999' }, 'value', discountMsg.fixed],
    ['a minimum that is not an amount', { minOrder: 'dieci' }, 'minOrder', discountMsg.minOrderCents],
    ['a code with a space', { code: 'SALDI 10' }, 'code', discountMsg.code],
    ['a code with an emoji', { code: 'SCONTO🎉' }, 'code', discountMsg.code],
    ['an end before the start', { startsAt: '2026-06-10T10:00', endsAt: '2026-06-01T10:00' }, 'endsAt', discountMsg.endBeforeStart],
    ['a day that does not exist', { endsAt: '2026-02-31T10:00' }, 'endsAt', discountMsg.dates],
    ['zero total uses', { maxUses: '0' }, 'maxUses', discountMsg.uses],
    ['uses per e-mail with decimals', { maxUsesPerEmail: '1,5' }, 'maxUsesPerEmail', discountMsg.uses],
  ])('puts %s under its field', (_label, over, field, message) => {
    expect(submit(filled(over as Partial<DiscountFormValues>)).errors).toEqual({ [field]: message });
  });
});

describe('discountFormFieldOf', () => {
  it('maps the API body’s fields onto the form’s', () => {
    expect(discountFormFieldOf('code')).toBe('code');
    expect(discountFormFieldOf('minOrderCents')).toBe('minOrder');
    expect(discountFormFieldOf('discountCode')).toBeNull();
    expect(discountFormFieldOf(undefined)).toBeNull();
  });
});
