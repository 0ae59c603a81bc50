import { useState } from 'react';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { romeDay } from '@vetrina/shared/shop-day';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** 'Esporta CSV' on 'Clienti': every customer, or those the search finds. */
export function CustomersCsvExport({ storeId, search }: { storeId: string; search?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const qs = search ? `?${new URLSearchParams({ search })}` : '';
      await downloadFile(`/api/stores/${storeId}/export/customers.csv${qs}`, `clienti-${romeDay(new Date())}.csv`);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Impossibile esportare i clienti') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden /> {busy ? 'Esportazione…' : 'Esporta CSV'}
    </Button>
  );
}
