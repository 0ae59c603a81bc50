import { describe, expect, it } from 'vitest';
import { invoiceSettingsInputSchema, type InvoiceSettings } from '@vetrina/shared/invoices';
import { invoiceSettingsValues } from './invoice-settings-form';

const settings: InvoiceSettings = {
  defaultVatCode: '22',
  fiscalRegime: 'RF01',
  street: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  autoIssue: false,
  ready: true,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('invoiceSettingsValues', () => {
  it('keeps what the merchant edits and drops what the server works out', () => {
    expect(invoiceSettingsValues(settings)).toEqual({
      defaultVatCode: '22',
      fiscalRegime: 'RF01',
      street: 'Via Roma 1',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      autoIssue: false,
    });
  });

  it('passes the strict input schema unchanged, so saving without edits is accepted', () => {
    expect(invoiceSettingsInputSchema.safeParse(invoiceSettingsValues(settings)).success).toBe(true);
  });

  it('starts a store never set up with its blanks (the form then asks for the seat)', () => {
    const blank = invoiceSettingsValues({ ...settings, street: '', postalCode: '', city: '', province: '', ready: false, updatedAt: null });
    const parsed = invoiceSettingsInputSchema.safeParse(blank);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(['street', 'postalCode', 'city']);
  });
});
