import { describe, expect, it } from 'vitest';
import type { Invoice, OrderDetail } from '@vetrina/shared';
import { canCreditInvoice, canIssueInvoice } from './invoice-rules';

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'inv1',
  kind: 'invoice',
  number: '2026/0001',
  date: '2026-03-05',
  issuedAt: '2026-03-05T10:00:00.000Z',
  orderId: 'o1',
  orderNumber: 1001,
  buyerName: 'Mario Rossi',
  taxableCents: 1000,
  vatCents: 220,
  totalCents: 1220,
  refersTo: null,
  creditedBy: null,
  fileName: 'IT12345678903_00001.xml',
  ...over,
});
const credited = invoice({ creditedBy: { id: 'cn1', number: '2026/0002' } });
const creditNote = invoice({ id: 'cn1', kind: 'credit_note', number: '2026/0002', refersTo: { id: 'inv1', number: '2026/0001' } });

type Order = Pick<OrderDetail, 'status' | 'invoiceRequest' | 'invoices'>;
const order = (over: Partial<Order> = {}): Order => ({
  status: 'confirmed',
  invoiceRequest: { kind: 'private', taxCode: 'RSSMRA85T10A562S' },
  invoices: [],
  ...over,
});

describe('canIssueInvoice', () => {
  it('offers the invoice the shopper asked for', () => {
    expect(canIssueInvoice(order())).toBe(true);
    expect(canIssueInvoice(order({ status: 'delivered' }))).toBe(true);
  });

  it('offers nothing when no invoice was asked', () => {
    expect(canIssueInvoice(order({ invoiceRequest: null }))).toBe(false);
  });

  it('offers nothing on a cancelled order', () => {
    expect(canIssueInvoice(order({ status: 'cancelled' }))).toBe(false);
  });

  it('offers nothing while an invoice stands', () => {
    expect(canIssueInvoice(order({ invoices: [invoice()] }))).toBe(false);
  });

  it('offers a new invoice once every earlier one is credited', () => {
    expect(canIssueInvoice(order({ invoices: [credited, creditNote] }))).toBe(true);
    expect(canIssueInvoice(order({ invoices: [credited, creditNote, invoice({ id: 'inv2', number: '2026/0003' })] }))).toBe(false);
  });
});

describe('canCreditInvoice', () => {
  it('credits a standing invoice only', () => {
    expect(canCreditInvoice(invoice())).toBe(true);
    expect(canCreditInvoice(credited)).toBe(false);
    expect(canCreditInvoice(creditNote)).toBe(false);
  });
});
