import { describe, expect, it } from 'vitest';
import { ITALIAN_PROVINCES, isProvinceCode, provinceName } from './provinces.js';
import { checkoutCustomerSchema } from './orders.js';

describe('Italian provinces', () => {
  it('has the 107 siglas of ISTAT, each once, sorted by name', () => {
    expect(ITALIAN_PROVINCES).toHaveLength(107);
    expect(new Set(ITALIAN_PROVINCES.map((p) => p.code)).size).toBe(107);
    expect(ITALIAN_PROVINCES.every((p) => /^[A-Z]{2}$/.test(p.code))).toBe(true);
    const names = ITALIAN_PROVINCES.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
  });
  it('knows a sigla in any case, and nothing else', () => {
    expect([isProvinceCode('mi'), isProvinceCode(' SU '), isProvinceCode('XX'), isProvinceCode('Milano')]).toEqual([true, true, false, false]);
    expect(provinceName('su')).toBe('Sud Sardegna');
    expect(provinceName('OT')).toBeNull();
  });
  it('the checkout field takes a sigla in capitals, or nothing', () => {
    const base = { customerName: 'Maria Rossi', customerEmail: 'm@example.it', street: 'Via Roma 1', city: 'Milano', postalCode: '20121' };
    expect(checkoutCustomerSchema.parse({ ...base, province: ' mi ' }).province).toBe('MI');
    expect(checkoutCustomerSchema.parse(base).province).toBeUndefined();
    expect(checkoutCustomerSchema.safeParse({ ...base, province: 'ZZ' }).error?.issues[0]?.message).toBe(
      'Provincia non valida: scegli una sigla dall’elenco delle province italiane (es. MI)',
    );
  });
});
