import { splitVat, type VatCode } from '@vetrina/shared';
import type { InvoiceBuyer, InvoiceDocument, InvoiceLine, InvoiceSeller } from './document.js';

/** Test data for the invoice module's unit tests: documents as the shop builds them. */

export const address = { street: 'Via Roma 1', postalCode: '20121', city: 'Milano', province: 'MI', country: 'IT' };

export function createSeller(overrides: Partial<InvoiceSeller> = {}): InvoiceSeller {
  return {
    companyName: 'Bottega Verdi S.r.l.',
    vatNumber: '12345678903',
    taxCode: '',
    fiscalRegime: 'RF01',
    address,
    pec: 'bottegaverdi@pec.it',
    email: 'ordini@bottegaverdi.it',
    phone: '+39 02 1234 5678',
    ...overrides,
  };
}

export const privateBuyer = (overrides: Partial<Extract<InvoiceBuyer, { kind: 'private' }>> = {}): InvoiceBuyer => ({
  kind: 'private',
  name: 'Mario Rossi',
  taxCode: 'RSSMRA85T10A562S',
  address: { street: 'Corso Italia 10', postalCode: '52100', city: 'Arezzo', province: '', country: 'IT' },
  email: 'mario.rossi@example.it',
  ...overrides,
});

export const businessBuyer = (overrides: Partial<Extract<InvoiceBuyer, { kind: 'business' }>> = {}): InvoiceBuyer => ({
  kind: 'business',
  companyName: 'Alfa Forniture S.p.A.',
  vatNumber: '01234567897',
  taxCode: '',
  sdiCode: 'ABC1234',
  pec: '',
  address: { street: 'Viale Europa 5', postalCode: '00144', city: 'Roma', province: 'RM', country: 'IT' },
  email: 'acquisti@alfa.example.it',
  ...overrides,
});

export interface LineInput {
  description: string;
  quantity?: number;
  grossCents: number;
  vatCode?: VatCode;
}

/** A document as the shop builds it: VAT split per line from what the shopper paid, summed per code. */
export function createDocument(lines: LineInput[], overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const invoiceLines: InvoiceLine[] = lines.map((l, i) => {
    const vatCode = l.vatCode ?? '22';
    return { number: i + 1, description: l.description, quantity: l.quantity ?? 1, grossCents: l.grossCents, vatCode, ...splitVat(l.grossCents, vatCode) };
  });
  const codes = [...new Set(invoiceLines.map((l) => l.vatCode))];
  const summary = codes.map((vatCode) => {
    const of = invoiceLines.filter((l) => l.vatCode === vatCode);
    return { vatCode, taxableCents: of.reduce((s, l) => s + l.taxableCents, 0), vatCents: of.reduce((s, l) => s + l.vatCents, 0) };
  });
  const taxableCents = summary.reduce((s, r) => s + r.taxableCents, 0);
  const vatCents = summary.reduce((s, r) => s + r.vatCents, 0);
  return {
    kind: 'invoice',
    number: '2026/0001',
    date: '2026-03-02',
    transmissionId: '0ABCD',
    currency: 'EUR',
    seller: createSeller(),
    buyer: privateBuyer(),
    orderNumber: 1042,
    orderDate: '2026-02-27',
    lines: invoiceLines,
    summary,
    taxableCents,
    vatCents,
    totalCents: taxableCents + vatCents,
    paymentMode: 'MP08',
    iban: null,
    paidOn: '2026-02-27',
    refersTo: null,
    stampDuty: false,
    ...overrides,
  };
}
