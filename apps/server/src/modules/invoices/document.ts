import type { VatCode } from '@vetrina/shared';
import type { InvoiceKind } from '@vetrina/shared';

/**
 * An issued invoice or credit note as it was at issue time: the snapshot the XML, the courtesy
 * copy and the accountant's CSV are all made from. Stored as JSON beside the XML and never
 * rewritten, so later changes to the store's details or the order do not alter a document.
 */
export interface InvoiceAddress {
  street: string;
  /** Five digits (Italian addresses only). */
  postalCode: string;
  city: string;
  /** Two letters ('MI') or '' when not known. */
  province: string;
  /** ISO 3166-1 alpha-2; 'IT'. */
  country: string;
}

export interface InvoiceSeller {
  companyName: string;
  /** 11 digits, without the 'IT' prefix. */
  vatNumber: string;
  /** '' when it is the same as the P.IVA. */
  taxCode: string;
  fiscalRegime: 'RF01' | 'RF02' | 'RF19';
  address: InvoiceAddress;
  pec: string;
  email: string;
  phone: string;
}

export type InvoiceBuyer =
  | { kind: 'private'; name: string; taxCode: string; address: InvoiceAddress; email: string }
  | {
      kind: 'business';
      companyName: string;
      vatNumber: string;
      /** '' when not given. */
      taxCode: string;
      /** 7 characters, or '0000000' when the invoice goes to a PEC. */
      sdiCode: string;
      /** '' when not given. */
      pec: string;
      address: InvoiceAddress;
      email: string;
    };

export interface InvoiceLine {
  /** 1, 2, 3… in the order printed. */
  number: number;
  description: string;
  /** Integer; 1 for shipping, surcharge and discount lines. */
  quantity: number;
  /** The line's total before VAT, in cents (negative for a discount line). */
  taxableCents: number;
  /** The line's VAT-inclusive total as the shopper paid it. */
  grossCents: number;
  vatCents: number;
  vatCode: VatCode;
}

export interface InvoiceSummaryRow {
  vatCode: VatCode;
  taxableCents: number;
  vatCents: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** '2026/0001'. */
  number: string;
  /** 'YYYY-MM-DD', Rome. */
  date: string;
  /** The transmission's progressive (5 characters, letters and digits), unique per seller. */
  transmissionId: string;
  currency: 'EUR';
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  orderNumber: number;
  /** The order's date 'YYYY-MM-DD' (DatiOrdineAcquisto). */
  orderDate: string;
  lines: InvoiceLine[];
  summary: InvoiceSummaryRow[];
  taxableCents: number;
  vatCents: number;
  /** taxable + VAT: what was paid. */
  totalCents: number;
  /** 'MP01' cash (cash on delivery, pickup), 'MP05' bank transfer, 'MP08' card. */
  paymentMode: 'MP01' | 'MP05' | 'MP08';
  /** Bank transfer: the IBAN the shopper paid to. */
  iban: string | null;
  /** 'YYYY-MM-DD' when the order was paid, null when not (yet). */
  paidOn: string | null;
  /** A credit note: the invoice it corrects. */
  refersTo: { number: string; date: string } | null;
  /**
   * Invoices without VAT above 77,47 € carry the 2 € stamp duty (imposta di bollo, paid virtually
   * by the seller); the document says so.
   */
  stampDuty: boolean;
}
