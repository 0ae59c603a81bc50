import { useShippingSettings } from '../../api';
import { LoadedSettingsSection } from '../settings-section';
import { ShippingSettingsForm } from './shipping-settings-form';

/** The 'Spedizioni' card of the store settings: owners and admins edit it, staff read it. */
export function ShippingSettingsSection({ storeId, readOnly }: { storeId: string; readOnly: boolean }) {
  return (
    <LoadedSettingsSection
      title="Spedizioni"
      description="Quanto costa la spedizione in Italia e negli altri paesi UE in cui spedisci, e da quale importo è gratuita."
      query={useShippingSettings(storeId)}
      errorText="Impossibile caricare le spedizioni"
      placeholders={2}
    >
      {(settings) => <ShippingSettingsForm storeId={storeId} settings={settings} readOnly={readOnly} />}
    </LoadedSettingsSection>
  );
}
