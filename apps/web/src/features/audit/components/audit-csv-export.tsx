import { romeDay } from '@vetrina/shared/shop-day';
import { CsvExportDialog } from '@/components/csv-export-dialog';
import { withCsvFormat } from '@/components/csv-format-field';
import { auditQuery, type AuditFilter } from '../api';

/** 'Esporta CSV': the entries the filters show, in the format chosen; the export itself enters the log. */
export function AuditCsvExport({ storeId, filter, filtered }: { storeId: string; filter: AuditFilter; filtered: boolean }) {
  return (
    <CsvExportDialog
      title="Esporta il registro in CSV"
      description={`${filtered ? 'Le attività che i filtri mostrano' : 'Tutte le attività degli ultimi 12 mesi'}, una riga ciascuna, con le modifiche e la sessione. Anche l’esportazione entra nel registro.`}
      failure="Impossibile esportare il registro"
      file={(format) => {
        const q = withCsvFormat(auditQuery(filter), format);
        return { url: `/api/stores/${storeId}/audit/export.csv${q ? `?${q}` : ''}`, name: `registro-attivita-${romeDay(new Date())}.csv` };
      }}
    />
  );
}
