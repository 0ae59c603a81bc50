import { useId, useState } from 'react';
import { ordersExportQuerySchema } from '@vetrina/shared/csv';
import { romeDay } from '@vetrina/shared/shop-day';
import { CsvExportDialog } from '@/components/csv-export-dialog';
import { withCsvFormat } from '@/components/csv-format-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** 'Esporta CSV' on the orders page: the orders placed from 'Dal' to 'Al' (Italian days), one row per order line. */
export function OrdersCsvExport({ storeId }: { storeId: string }) {
  const today = romeDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), error: useId() };

  return (
    <CsvExportDialog
      title="Esporta ordini in CSV"
      description="Una riga per ogni riga d’ordine, con date e orari italiani. Si apre in Excel o in Fogli Google."
      failure="Impossibile esportare gli ordini"
      file={(format) => {
        const range = ordersExportQuerySchema.safeParse({ from, to });
        if (!range.success) {
          setError(range.error.issues[0]?.message ?? 'Periodo non valido');
          return null;
        }
        setError(null);
        const q = withCsvFormat(new URLSearchParams(range.data).toString(), format);
        return { url: `/api/stores/${storeId}/export/orders.csv?${q}`, name: `ordini-${from}-${to}.csv` };
      }}
      alert={
        error && (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.from}>Dal</Label>
          <Input id={ids.from} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} aria-describedby={error ? ids.error : undefined} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.to}>Al</Label>
          <Input id={ids.to} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
    </CsvExportDialog>
  );
}
