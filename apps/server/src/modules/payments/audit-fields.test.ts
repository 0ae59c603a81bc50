import { describe, expect, it } from 'vitest';
import { paymentChanges } from './audit-fields.js';
import { DEFAULT_SETTINGS } from './service.js';

const withIban = (iban: string) => ({ ...DEFAULT_SETTINGS, bankTransfer: { ...DEFAULT_SETTINGS.bankTransfer, enabled: true, iban } });

describe('payment changes for the audit log', () => {
  it('masks the IBAN and writes Stripe keys only as modificato', () => {
    const changes = paymentChanges(
      { settings: DEFAULT_SETTINGS, secretKey: null, webhookSecret: 'whsec_vecchio' },
      { settings: withIban('IT60X0542811101000000123456'), secretKey: 'sk_live_nuova', webhookSecret: 'whsec_nuovo' },
    );
    expect(changes).toContainEqual({ field: 'iban', label: 'IBAN', before: null, after: 'IT•• •••• … 3456' });
    expect(changes).toContainEqual({ field: 'secretKey', label: 'Chiave segreta Stripe', before: null, after: 'modificato' });
    expect(changes).toContainEqual({ field: 'webhookSecret', label: 'Segreto del webhook Stripe', before: '••••', after: 'modificato' });
    expect(JSON.stringify(changes)).not.toMatch(/sk_live|whsec|0542811101/);
  });

  it('still shows a new IBAN whose masked form is the same as the old one', () => {
    const changes = paymentChanges(
      { settings: withIban('IT60X0542811101000000123456'), secretKey: null, webhookSecret: null },
      { settings: withIban('IT02A0300203280000000123456'), secretKey: null, webhookSecret: null },
    );
    expect(changes).toEqual([{ field: 'iban', label: 'IBAN', before: 'IT•• •••• … 3456', after: 'modificato' }]);
  });

  it('records nothing when nothing changed', () => {
    const same = { settings: withIban('IT60X0542811101000000123456'), secretKey: 'sk_test_x', webhookSecret: 'whsec_x' };
    expect(paymentChanges(same, { ...same })).toEqual([]);
  });
});
