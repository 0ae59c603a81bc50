import { describe, expect, it } from 'vitest';
import { invoiceSettingsInputSchema, type InvoiceSettings } from '@vetrina/shared/invoices';
import { invoiceSettingsValues } from './invoice-settings-form';

const settings: InvoiceSettings = {
  defaultVatCode: '22',
  fiscalRegime: 'RF01',
  autoIssue: false,
  ready: true,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('invoiceSettingsValues', () => {
  it('keeps what the merchant edits and drops what the server works out', () => {
    expect(invoiceSettingsValues(settings)).toEqual({
      defaultVatCode: '22',
      fiscalRegime: 'RF01',
      autoIssue: false,
    });
  });

  it('passes the strict input schema unchanged, so saving without edits is accepted', () => {
    expect(invoiceSettingsInputSchema.safeParse(invoiceSettingsValues(settings)).success).toBe(true);
  });

  it('holds no seat: the address is typed once, in the business details', () => {
    const parsed = invoiceSettingsInputSchema.safeParse({ ...invoiceSettingsValues(settings), street: 'Via Roma 1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('L’indirizzo della sede ora si inserisce in Impostazioni → Dati aziendali');
  });
});
