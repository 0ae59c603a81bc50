import { useBusinessDetails } from '../../business-api';
import { LoadedSettingsSection } from '../settings-section';
import { BusinessDetailsForm } from './business-details-form';

/** The 'Dati aziendali' card of the store settings (owners and admins: the page shows it only to them). */
export function BusinessDetailsSection({ storeId }: { storeId: string }) {
  return (
    <LoadedSettingsSection
      title="Dati aziendali"
      description="Ragione sociale, Partita IVA e contatti compaiono nel piede di ogni pagina del negozio e nelle pagine legali, come richiede la legge per chi vende online."
      query={useBusinessDetails(storeId)}
      errorText="Impossibile caricare i dati aziendali"
    >
      {(details) => <BusinessDetailsForm storeId={storeId} details={details} />}
    </LoadedSettingsSection>
  );
}
