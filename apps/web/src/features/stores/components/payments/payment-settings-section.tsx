import { usePaymentSettings } from '../../api';
import { LoadedSettingsSection } from '../settings-section';
import { PaymentSettingsForm } from './payment-settings-form';

/** The 'Pagamenti' card of the store settings (owners and admins: the page shows it only to them). */
export function PaymentSettingsSection({ storeId }: { storeId: string }) {
  return (
    <LoadedSettingsSection
      title="Pagamenti"
      description="Scegli come i clienti possono pagare al checkout. Serve almeno un metodo attivo."
      query={usePaymentSettings(storeId)}
      errorText="Impossibile caricare i metodi di pagamento"
      placeholders={4}
    >
      {(settings) => <PaymentSettingsForm storeId={storeId} settings={settings} />}
    </LoadedSettingsSection>
  );
}
