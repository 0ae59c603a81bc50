import { CsvExportDialog } from '@/components/csv-export-dialog';
import { withCsvFormat } from '@/components/csv-format-field';
import { storeApi } from '../../api/keys';
import { ProductImportDialog } from './import-dialog';

/** 'Esporta CSV' (in Italian Excel's dialect unless 'Formato internazionale') and 'Importa CSV' beside the products page's title. */
export function ProductCsvActions({ storeId }: { storeId: string }) {
  return (
    <>
      <CsvExportDialog
        title="Esporta prodotti in CSV"
        description="Le colonne del CSV prodotti di Shopify, una riga per variante. Si apre in Excel o in Fogli Google."
        failure="Impossibile esportare i prodotti"
        file={(format) => {
          const q = withCsvFormat('', format);
          return { url: storeApi(storeId, `/export/products.csv${q ? `?${q}` : ''}`), name: 'prodotti.csv' };
        }}
      />
      <ProductImportDialog storeId={storeId} />
    </>
  );
}
