import { useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceKind } from '@vetrina/shared/invoices';
import { downloadFile, fetchText } from './download';

/**
 * Invoices are issued from an order (orders feature) and listed by month (invoices feature): the
 * query keys and the file reads both need live here, below the features.
 */
export const invoiceKeys = {
  all: (storeId: string) => ['stores', storeId, 'invoices'] as const,
  month: (storeId: string, month: string) => [...invoiceKeys.all(storeId), 'month', month] as const,
  copy: (storeId: string, invoiceId: string) => [...invoiceKeys.all(storeId), 'copy', invoiceId] as const,
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Fattura', credit_note: 'Nota di credito' };

/** 'della fattura 2026/0001': what a button about one document names in its accessible label. */
export const invoiceOf = (i: Pick<Invoice, 'kind' | 'number'>) => `${i.kind === 'invoice' ? 'della fattura' : 'della nota di credito'} ${i.number}`;

const invoicePath = (storeId: string, invoiceId: string, file: 'xml' | 'copy') => `/api/stores/${storeId}/invoices/${invoiceId}/${file}`;

/** The FatturaPA XML, saved under the name the Exchange System expects. */
export const downloadInvoiceXml = (storeId: string, invoice: Pick<Invoice, 'id' | 'fileName'>) =>
  downloadFile(invoicePath(storeId, invoice.id, 'xml'), invoice.fileName);

/** The courtesy copy's HTML page, read with the session (a plain link or new tab would carry no token). */
export function useInvoiceCopy(storeId: string, invoiceId: string | null) {
  return useQuery({
    queryKey: invoiceKeys.copy(storeId, invoiceId ?? ''),
    queryFn: ({ signal }) => fetchText(invoicePath(storeId, invoiceId ?? '', 'copy'), signal),
    enabled: Boolean(invoiceId),
  });
}
