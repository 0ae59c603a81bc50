import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import type { CsvFormat } from '@vetrina/shared/csv';
import { Button } from '@/components/ui/button';
import { CsvFormatField } from '@/components/csv-format-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';

/**
 * 'Esporta selezione' in a bulk action bar: a dialog that asks the CSV dialect ('Formato
 * internazionale', as the page's 'Esporta CSV' does), then downloads the ticked rows.
 */
export function SelectionCsvExport({
  title,
  description,
  failure,
  download,
}: {
  title: string;
  description: string;
  /** The toast's text when the download fails. */
  failure: string;
  download: (format: CsvFormat) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');
  const [exporting, setExporting] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setExporting(true);
    try {
      await download(format);
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, failure) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !exporting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Download aria-hidden /> Esporta selezione
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
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
  );
}
