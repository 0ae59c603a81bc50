import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePaymentSettings } from '../../api';
import { SettingsSection } from '../settings-section';
import { PaymentSettingsForm } from './payment-settings-form';

/** The 'Pagamenti' card of the store settings (owners and admins: the page shows it only to them). */
export function PaymentSettingsSection({ storeId }: { storeId: string }) {
  const settings = usePaymentSettings(storeId);
  return (
    <SettingsSection title="Pagamenti" description="Scegli come i clienti possono pagare al checkout. Serve almeno un metodo attivo.">
      {settings.isPending ? (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : settings.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
          <p role="alert" className="text-sm">
            {errorMessage(settings.error, 'Impossibile caricare i metodi di pagamento')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Riprova
          </Button>
        </div>
      ) : (
        <PaymentSettingsForm storeId={storeId} settings={settings.data} />
      )}
    </SettingsSection>
  );
}
