import { discountLabel, isVatNature, type InvoiceKind, type OrderVat } from '@vetrina/shared';
import { romeDay } from '@vetrina/shared/shop-day';
import type { Selectable } from 'kysely';
import type { OrderItemsTable, OrdersTable, StoreBusinessDetailsTable } from '../../db/schema.js';
import { discountOf, instructionsOf, invoiceRequestOf } from '../orders/order-view.js';
import type { InvoiceBuyer, InvoiceDocument, InvoiceLine, InvoiceSeller } from './document.js';
import type { InvoiceSettingsRow } from './repo.js';

/** Invoices without VAT above this amount carry the 2 € stamp duty (art. 13 DPR 642/72). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
/** The descriptions of the shipping and surcharge lines (a refund's credit note finds them by these). */
export const SHIPPING_LINE = 'Spese di spedizione';
export const SURCHARGE_LINE = 'Supplemento pagamento alla consegna';

/** The seller as FatturaPA needs it, or null when something required is missing. */
export function sellerOf(business: Selectable<StoreBusinessDetailsTable> | undefined, settings: InvoiceSettingsRow | undefined): InvoiceSeller | null {
  // The seat comes from the business details, the one place it is typed (docs/decisions/0044-settings-sections.md).
  if (!business?.company_name || !business.vat_number || !business.street || !business.postal_code || !business.city) return null;
  return {
    companyName: business.company_name,
    vatNumber: business.vat_number,
    taxCode: business.tax_code === business.vat_number ? '' : business.tax_code,
    fiscalRegime: settings?.fiscal_regime ?? 'RF01',
    address: { street: business.street, postalCode: business.postal_code, city: business.city, province: business.province, country: 'IT' },
    pec: business.pec,
    email: business.email,
    phone: business.phone,
  };
}

/** The buyer from the order's 'Richiedi fattura' and shipping address; null when none was asked. */
export function buyerOf(order: Selectable<OrdersTable>): InvoiceBuyer | null {
  const r = invoiceRequestOf(order);
  if (!r) return null;
  const address = r.address
    ? { ...r.address, country: 'IT' }
    : {
        street: order.shipping_street,
        postalCode: order.shipping_postal_code,
        city: order.shipping_city,
        province: order.shipping_province ?? '',
        country: 'IT',
      };
  if (r.kind === 'private') return { kind: 'private', name: order.customer_name, taxCode: r.taxCode, address, email: order.customer_email };
  return {
    kind: 'business',
    companyName: r.companyName,
    vatNumber: r.vatNumber,
    taxCode: r.taxCode ?? '',
    sdiCode: r.sdiCode ?? '0000000',
    pec: r.pec ?? '',
    address,
    email: order.customer_email,
  };
}

export const buyerName = (b: InvoiceBuyer) => (b.kind === 'private' ? b.name : b.companyName);

/** ProgressivoInvio: five letters and digits, unique per seller: the year and the number in base 36. */
export const transmissionIdOf = (year: number, seq: number) => ((year % 100) * 1_000_000 + seq).toString(36).toUpperCase().padStart(5, '0');

interface DocumentInput {
  kind: InvoiceKind;
  number: string;
  date: string;
  transmissionId: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  order: Selectable<OrdersTable>;
  items: readonly Selectable<OrderItemsTable>[];
  vat: OrderVat;
}

/** The invoice of an order: its goods, discount, shipping and surcharge lines with the VAT stored at checkout. */
export function invoiceDocument(d: DocumentInput): InvoiceDocument {
  const { order, vat } = d;
  const lines: InvoiceLine[] = [];
  const push = (description: string, quantity: number, l: OrderVat['items'][number]) =>
    lines.push({
      number: lines.length + 1,
      description,
      quantity,
      taxableCents: l.taxableCents,
      grossCents: l.grossCents,
      vatCents: l.vatCents,
      vatCode: l.vatCode,
    });
  d.items.forEach((item, k) => {
    const l = vat.items[k];
    if (l) push(item.variant_label ? `${item.title} (${item.variant_label})` : item.title, item.quantity, l);
  });
  const discount = discountOf(order);
  for (const l of vat.discounts) push(discount ? discountLabel(discount) : 'Sconto', 1, l);
  if (vat.shipping) push(SHIPPING_LINE, 1, vat.shipping);
  if (vat.surcharge) push(SURCHARGE_LINE, 1, vat.surcharge);

  const payment = instructionsOf(order);
  const exemptCents = vat.summary.filter((r) => isVatNature(r.vatCode)).reduce((s, r) => s + r.taxableCents, 0);
  return {
    kind: d.kind,
    number: d.number,
    date: d.date,
    transmissionId: d.transmissionId,
    currency: 'EUR',
    seller: d.seller,
    buyer: d.buyer,
    orderNumber: order.order_number,
    orderDate: romeDay(order.created_at),
    lines,
    summary: vat.summary,
    taxableCents: vat.taxableCents,
    vatCents: vat.vatCents,
    totalCents: vat.taxableCents + vat.vatCents,
    paymentMode: order.payment_method === 'card' ? 'MP08' : order.payment_method === 'bank_transfer' ? 'MP05' : 'MP01',
    iban: payment.method === 'bank_transfer' ? payment.iban : null,
    paidOn: order.paid_at ? romeDay(order.paid_at) : null,
    refersTo: null,
    stampDuty: exemptCents > STAMP_DUTY_THRESHOLD_CENTS,
  };
}
