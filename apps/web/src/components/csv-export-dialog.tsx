import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import type { CsvFormat } from '@vetrina/shared/csv';
import { Button, type ButtonProps } from '@/components/ui/button';
import { CsvFormatField } from '@/components/csv-format-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** An export route and the name the file gets when the server gives none. */
export interface CsvFile {
  url: string;
  name: string;
}

/**
 * 'Esporta CSV' (or 'Esporta selezione' in a bulk action bar): a dialog that asks the CSV dialect
 * ('Formato internazionale'), then downloads the file; a failure leaves it open with a toast.
 */
export function CsvExportDialog({
  label = 'Esporta CSV',
  size,
  title,
  description,
  failure,
  file,
  children,
  alert,
}: {
  label?: string;
  size?: ButtonProps['size'];
  title: string;
  description: string;
  /** The toast's text when the download fails. */
  failure: string;
  /** The file in the chosen format; null when the fields are not valid, and nothing is fetched. */
  file: (format: CsvFormat) => CsvFile | null;
  /** Fields above 'Formato internazionale' (the orders' 'Dal' and 'Al'). */
  children?: ReactNode;
  /** Below it: what is wrong with those fields. */
  alert?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const target = file(format);
    if (!target) return;
    setBusy(true);
    try {
      await downloadFile(target.url, target.name);
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <Download aria-hidden /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          {children}
          <CsvFormatField value={format} onChange={setFormat} disabled={busy} />
          {alert}
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
