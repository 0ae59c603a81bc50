import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import type { CsvFormat } from '@vetrina/shared/csv';
import { Button } from '@/components/ui/button';
import { CsvFormatField, withCsvFormat } from '@/components/csv-format-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { storeApi } from '../../api/keys';
import { ProductImportDialog } from './import-dialog';

/** 'Esporta CSV' (in Italian Excel's dialect unless 'Formato internazionale') and 'Importa CSV' beside the products page's title. */
export function ProductCsvActions({ storeId }: { storeId: string }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (e: FormEvent) => {
    e.preventDefault();
    setExporting(true);
    try {
      const q = withCsvFormat('', format);
      await downloadFile(storeApi(storeId, `/export/products.csv${q ? `?${q}` : ''}`), 'prodotti.csv');
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare i prodotti') });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !exporting && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="outline">
            <Download aria-hidden /> Esporta CSV
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Esporta prodotti in CSV</DialogTitle>
            <DialogDescription>Le colonne del CSV prodotti di Shopify, una riga per variante. Si apre in Excel o in Fogli Google.</DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" onSubmit={(e) => void exportCsv(e)} noValidate>
            <CsvFormatField value={format} onChange={setFormat} disabled={exporting} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={exporting}>
                Annulla
              </Button>
              <Button type="submit" disabled={exporting}>
                <Download aria-hidden /> {exporting ? 'Esportazione…' : 'Scarica CSV'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <ProductImportDialog storeId={storeId} />
    </>
  );
}
