import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import type { CsvFormat } from '@vetrina/shared/csv';
import { romeDay } from '@vetrina/shared/shop-day';
import { Button } from '@/components/ui/button';
import { CsvFormatField, withCsvFormat } from '@/components/csv-format-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** 'Esporta CSV' on 'Clienti': every customer, or those the search finds, in the format chosen (as the orders' export). */
export function CustomersCsvExport({ storeId, search }: { storeId: string; search?: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const q = withCsvFormat(search ? new URLSearchParams({ search }).toString() : '', format);
      await downloadFile(`/api/stores/${storeId}/export/customers.csv${q ? `?${q}` : ''}`, `clienti-${romeDay(new Date())}.csv`);
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare i clienti') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden /> Esporta CSV
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Esporta clienti in CSV</DialogTitle>
          <DialogDescription>
            {search ? `I clienti trovati per “${search}”` : 'Tutti i clienti'}, una riga ciascuno, con ordini, totale speso e consenso marketing.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <CsvFormatField value={format} onChange={setFormat} disabled={busy} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Annulla
            </Button>
            <Button type="submit" disabled={busy}>
              <Download aria-hidden /> {busy ? 'Esportazione…' : 'Scarica CSV'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
