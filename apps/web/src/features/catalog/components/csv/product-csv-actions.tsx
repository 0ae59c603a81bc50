import { useState } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { storeApi } from '../../api/keys';
import { ProductImportDialog } from './import-dialog';

/** 'Esporta CSV' and 'Importa CSV' beside the products page's title. */
export function ProductCsvActions({ storeId }: { storeId: string }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(storeApi(storeId, '/export/products.csv'), 'prodotti.csv');
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare i prodotti') });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
        <Download aria-hidden /> {exporting ? 'Esportazione…' : 'Esporta CSV'}
      </Button>
      <ProductImportDialog storeId={storeId} />
    </>
  );
}
