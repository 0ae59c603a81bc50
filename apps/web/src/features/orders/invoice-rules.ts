import type { Invoice, OrderDetail } from '@vetrina/shared';

/** An invoice that stands: an invoice (not a credit note) that no credit note has cancelled. */
export const isStandingInvoice = (i: Pick<Invoice, 'kind' | 'creditedBy'>) => i.kind === 'invoice' && i.creditedBy === null;

/**
 * 'Emetti fattura': the shopper asked for one, the order is not cancelled and no invoice stands
 * (none yet, or each one cancelled by its credit note, so a corrected one can follow). The server
 * refuses the rest with invoiceMsg; this only keeps the button from offering them.
 */
export function canIssueInvoice(order: Pick<OrderDetail, 'status' | 'invoiceRequest' | 'invoices'>): boolean {
  return order.invoiceRequest !== null && order.status !== 'cancelled' && !order.invoices.some(isStandingInvoice);
}

/** 'Emetti nota di credito': a standing invoice only (a credit note cannot be credited, an invoice only once). */
export const canCreditInvoice = isStandingInvoice;
