import { describe, expect, it } from 'vitest';
import { createStoreSchema, defaultStoreName, updateStoreSchema } from './index.js';

describe('store rules', () => {
  it("names the sign-in default store 'Store di ' + the e-mail's local part, within 60 characters", () => {
    expect(defaultStoreName('mario.rossi@example.it')).toBe('Store di mario.rossi');
    expect(defaultStoreName(`${'a'.repeat(80)}@example.it`)).toHaveLength(60);
  });

  it('trims names, upper-cases colours and defaults the palette', () => {
    const v = createStoreSchema.parse({ name: '  Bottega  ' });
    expect(v).toEqual({ name: 'Bottega', colors: { primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' } });
    expect(updateStoreSchema.parse({ colors: { primary: '#abcdef', secondary: '#000000', accent: '#FFFFFF' } }).colors?.primary).toBe('#ABCDEF');
  });

  it('refuses an empty update and short names', () => {
    expect(updateStoreSchema.safeParse({}).success).toBe(false);
    expect(createStoreSchema.safeParse({ name: ' a ' }).success).toBe(false);
  });
});
