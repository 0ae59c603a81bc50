import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useShippingSettings } from '../../api';
import { SettingsSection } from '../settings-section';
import { ShippingSettingsForm } from './shipping-settings-form';

/** The 'Spedizioni' card of the store settings: owners and admins edit it, staff read it. */
export function ShippingSettingsSection({ storeId, readOnly }: { storeId: string; readOnly: boolean }) {
  const settings = useShippingSettings(storeId);
  return (
    <SettingsSection
      title="Spedizioni"
      description="Quanto costa la spedizione in Italia e negli altri paesi UE in cui spedisci, e da quale importo è gratuita."
    >
      {settings.isPending ? (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-28" />
          <Skeleton className="h-16" />
        </div>
      ) : settings.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
          <p role="alert" className="text-sm">
            {errorMessage(settings.error, 'Impossibile caricare le spedizioni')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Riprova
          </Button>
        </div>
      ) : (
        <ShippingSettingsForm storeId={storeId} settings={settings.data} readOnly={readOnly} />
      )}
    </SettingsSection>
  );
}
