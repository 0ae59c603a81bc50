import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FileArchive, ReceiptText } from 'lucide-react';
import type { Invoice } from '@vetrina/shared/invoices';
import { plural } from '@vetrina/shared/plural';
import { InvoiceCopyDialog } from '@/components/invoices/invoice-copy-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useActiveStore } from '@/lib/auth';
import { downloadMonthZip, useMonthInvoices } from '../api';
import { InvoicesTable } from '../components/invoices-table';
import { MonthPicker } from '../components/month-picker';
import { currentMonth, formatMonth, isMonth } from '../month';

type Copy = Pick<Invoice, 'id' | 'kind' | 'number'>;

/** /dashboard/invoices: the month's invoices and credit notes, their files, and the month's ZIP for the accountant. */
export default function InvoicesPage() {
  const store = useActiveStore().store!;
  const [params, setParams] = useSearchParams();
  const thisMonth = currentMonth();
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : thisMonth;
  const invoices = useMonthInvoices(store.id, month);
  const [copy, setCopy] = useState<Copy | null>(null);
  const [zipping, setZipping] = useState(false);
  const list = invoices.isPlaceholderData ? undefined : invoices.data;

  const downloadZip = async () => {
    setZipping(true);
    try {
      await downloadMonthZip(store.id, month);
    } catch (err) {
      toast.error('Impossibile scaricare lo ZIP', { description: errorMessage(err, 'Riprova più tardi') });
    } finally {
      setZipping(false);
    }
  };

  return (
    <div className="grid gap-6">
      <title>Fatture · Vetrina</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">Fatture</h1>
        <p className="text-sm text-muted-foreground">
          Fatture e note di credito di {store.name}, mese per mese. Lo ZIP contiene gli XML da trasmettere al Sistema di Interscambio e il riepilogo per il
          commercialista.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthPicker month={month} max={thisMonth} onChange={(m) => setParams(m === thisMonth ? {} : { month: m }, { replace: true })} />
        <Button variant="outline" onClick={() => void downloadZip()} disabled={!list?.length || zipping} data-testid="invoices-zip">
          <FileArchive aria-hidden /> {zipping ? 'Download…' : 'Scarica ZIP del mese'}
        </Button>
      </div>
      {invoices.isPending ? (
        <div className="grid gap-2" aria-busy>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : invoices.isError ? (
        <LoadErrorState icon={ReceiptText} title="Impossibile caricare le fatture" error={invoices.error} onRetry={invoices.refetch} />
      ) : invoices.data.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title="Nessuna fattura emessa in questo mese"
          description="Le fatture si emettono dai dettagli degli ordini in cui il cliente le ha richieste."
          action={
            <Link to="/dashboard/orders" className={buttonClasses('outline')}>
              Vai agli ordini
            </Link>
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(invoices.data.length, 'documento', 'documenti')} di {formatMonth(month)}
          </p>
          <InvoicesTable storeId={store.id} invoices={invoices.data} busy={invoices.isPlaceholderData} onCopy={setCopy} />
        </>
      )}
      <InvoiceCopyDialog storeId={store.id} invoice={copy} onClose={() => setCopy(null)} />
    </div>
  );
}
