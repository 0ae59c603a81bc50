import { useReturnSettings } from '../../api';
import { LoadedSettingsSection } from '../settings-section';
import { ReturnSettingsForm } from './return-settings-form';

/** The 'Resi' card of the store settings: owners and admins edit it, staff read it. */
export function ReturnSettingsSection({ storeId, readOnly }: { storeId: string; readOnly: boolean }) {
  return (
    <LoadedSettingsSection
      title="Resi"
      description="Dove ti rispediscono i prodotti, chi paga la spedizione del reso e cosa deve fare il cliente. Compaiono nell’e-mail di conferma del recesso e nelle pagine legali."
      query={useReturnSettings(storeId)}
      errorText="Impossibile caricare le impostazioni dei resi"
      placeholders={3}
    >
      {(settings) => <ReturnSettingsForm storeId={storeId} settings={settings} readOnly={readOnly} />}
    </LoadedSettingsSection>
  );
}
