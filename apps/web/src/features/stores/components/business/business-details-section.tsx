import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useBusinessDetails } from '../../business-api';
import { SettingsSection } from '../settings-section';
import { BusinessDetailsForm } from './business-details-form';

/** The 'Dati aziendali' card of the store settings (owners and admins: the page shows it only to them). */
export function BusinessDetailsSection({ storeId }: { storeId: string }) {
  const details = useBusinessDetails(storeId);
  return (
    <SettingsSection
      title="Dati aziendali"
      description="Ragione sociale, Partita IVA e contatti compaiono nel piede di ogni pagina del negozio e nelle pagine legali, come richiede la legge per chi vende online."
    >
      {details.isPending ? (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : details.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
          <p role="alert" className="text-sm">
            {errorMessage(details.error, 'Impossibile caricare i dati aziendali')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void details.refetch()}>
            Riprova
          </Button>
        </div>
      ) : (
        <BusinessDetailsForm storeId={storeId} details={details.data} />
      )}
    </SettingsSection>
  );
}
