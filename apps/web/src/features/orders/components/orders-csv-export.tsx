import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { ordersExportQuerySchema, type CsvFormat } from '@vetrina/shared/csv';
import { romeDay } from '@vetrina/shared/shop-day';
import { Button } from '@/components/ui/button';
import { CsvFormatField, withCsvFormat } from '@/components/csv-format-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** 'Esporta CSV' on the orders page: the orders placed from 'Dal' to 'Al' (Italian days), one row per order line. */
export function OrdersCsvExport({ storeId }: { storeId: string }) {
  const today = romeDay(new Date());
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<CsvFormat>('italiano');
  const ids = { from: useId(), to: useId(), error: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const range = ordersExportQuerySchema.safeParse({ from, to });
    if (!range.success) return setError(range.error.issues[0]?.message ?? 'Periodo non valido');
    setError(null);
    setBusy(true);
    try {
      const q = withCsvFormat(new URLSearchParams(range.data).toString(), format);
      await downloadFile(`/api/stores/${storeId}/export/orders.csv?${q}`, `ordini-${from}-${to}.csv`);
      setOpen(false);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare gli ordini') });
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
          <DialogTitle>Esporta ordini in CSV</DialogTitle>
          <DialogDescription>Una riga per ogni riga d’ordine, con date e orari italiani. Si apre in Excel o in Fogli Google.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.from}>Dal</Label>
              <Input
                id={ids.from}
                type="date"
                value={from}
                max={to}
                onChange={(e) => setFrom(e.target.value)}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.to}>Al</Label>
              <Input id={ids.to} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </div>
          </div>
          <CsvFormatField value={format} onChange={setFormat} disabled={busy} />
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
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
