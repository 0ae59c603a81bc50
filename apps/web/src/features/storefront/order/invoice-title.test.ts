import { describe, expect, it } from 'vitest';
import { invoiceTitle } from './invoice-title';

describe("the order page's invoices", () => {
  const doc = { kind: 'invoice', number: '2026/0001', date: '2026-11-24', copyUrl: '/copia' } as const;
  it('names each document with its number and its calendar day', () => {
    expect(invoiceTitle(doc)).toBe('Fattura n. 2026/0001 del 24/11/2026');
    expect(invoiceTitle({ ...doc, kind: 'credit_note', number: '2026/0002', date: '2027-01-01' })).toBe('Nota di credito n. 2026/0002 del 01/01/2027');
  });
});
