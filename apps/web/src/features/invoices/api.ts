import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@vetrina/shared/invoices';
import { invoicesResponseSchema } from '@vetrina/shared/invoices';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { invoiceKeys } from '@/lib/invoices';

/** The invoices and credit notes of one month ('2026-03'), newest first. */
export function useMonthInvoices(storeId: string, month: string) {
  return useQuery<Invoice[]>({
    queryKey: invoiceKeys.month(storeId, month),
    queryFn: ({ signal }) =>
      api(`/api/stores/${storeId}/invoices?${new URLSearchParams({ month })}`, { signal, schema: invoicesResponseSchema }).then((r) => r.invoices),
    // The previous month stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** 'Scarica ZIP del mese': every XML of the month and its summary CSV, for the accountant. */
export const downloadMonthZip = (storeId: string, month: string) =>
  downloadFile(`/api/stores/${storeId}/invoices/export?${new URLSearchParams({ month })}`, `fatture-${month}.zip`);
