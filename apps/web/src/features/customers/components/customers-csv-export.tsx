import { romeDay } from '@vetrina/shared/shop-day';
import { CsvExportDialog } from '@/components/csv-export-dialog';
import { withCsvFormat } from '@/components/csv-format-field';

/** 'Esporta CSV' on 'Clienti': every customer, or those the search finds, in the format chosen (as the orders' export). */
export function CustomersCsvExport({ storeId, search }: { storeId: string; search?: string }) {
  return (
    <CsvExportDialog
      title="Esporta clienti in CSV"
      description={`${search ? `I clienti trovati per “${search}”` : 'Tutti i clienti'}, una riga ciascuno, con ordini, totale speso e consenso marketing.`}
      failure="Impossibile esportare i clienti"
      file={(format) => {
        const q = withCsvFormat(search ? new URLSearchParams({ search }).toString() : '', format);
        return { url: `/api/stores/${storeId}/export/customers.csv${q ? `?${q}` : ''}`, name: `clienti-${romeDay(new Date())}.csv` };
      }}
    />
  );
}
