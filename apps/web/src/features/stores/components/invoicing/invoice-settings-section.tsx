import { useInvoiceSettings } from '../../invoicing-api';
import { LoadedSettingsSection } from '../settings-section';
import { InvoiceSettingsForm } from './invoice-settings-form';

/** The 'Fatturazione' card of the store settings (owners and admins: the page shows it only to them). */
export function InvoiceSettingsSection({ storeId }: { storeId: string }) {
  return (
    <LoadedSettingsSection
      title="Fatturazione"
      description="I prezzi restano IVA inclusa: l’aliquota serve a scorporare l’imposta in ordini e fatture. Ragione sociale, Partita IVA e sede del venditore sono quelle di «Dati aziendali»."
      query={useInvoiceSettings(storeId)}
      errorText="Impossibile caricare le impostazioni di fatturazione"
    >
      {(settings) => <InvoiceSettingsForm storeId={storeId} settings={settings} />}
    </LoadedSettingsSection>
  );
}
