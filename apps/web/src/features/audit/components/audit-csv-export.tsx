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
import { auditQuery, type AuditFilter } from '../api';

/** 'Esporta CSV': the entries the filters show, in the format chosen; the export itself enters the log. */
export function AuditCsvExport({ storeId, filter, filtered }: { storeId: string; filter: AuditFilter; filtered: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const q = withCsvFormat(auditQuery(filter), format);
      await downloadFile(`/api/stores/${storeId}/audit/export.csv${q ? `?${q}` : ''}`, `registro-attivita-${romeDay(new Date())}.csv`);
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare il registro') });
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
          <DialogTitle>Esporta il registro in CSV</DialogTitle>
          <DialogDescription>
            {filtered ? 'Le attività che i filtri mostrano' : 'Tutte le attività degli ultimi 12 mesi'}, una riga ciascuna, con le modifiche e la sessione.
            Anche l’esportazione entra nel registro.
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
