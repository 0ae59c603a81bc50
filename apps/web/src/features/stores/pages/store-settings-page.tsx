import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { can } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useStore } from '../api';
import { PaymentSettingsSection } from '../components/payments/payment-settings-section';
import { ShippingSettingsSection } from '../components/shipping/shipping-settings-section';
import { BusinessDetailsSection } from '../components/business/business-details-section';
import { InvoiceSettingsSection } from '../components/invoicing/invoice-settings-section';
import { LegalPagesSection } from '../components/legal/legal-pages-section';
import { StoreSettingsForm } from '../components/store-settings-form';

export default function StoreSettingsPage() {
  const { storeId = '' } = useParams();
  const store = useStore(storeId);
  const notFound = store.error instanceof ApiError && store.error.status === 404;

  useEffect(() => {
    if (store.isError && !notFound) toast.error('Errore', { description: 'Impossibile caricare lo store' });
  }, [store.isError, notFound]);

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Impostazioni Store</h1>
        <p className="text-sm text-muted-foreground">{store.data ? store.data.name : 'Nome, logo, colori e tema del tuo store.'}</p>
      </div>
      {store.isLoading && (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-40" />
          <Skeleton className="h-56" />
        </div>
      )}
      {store.isError && (
        <div className="rounded-xl border border-dashed bg-background p-10 text-center">
          <p className="font-medium">{notFound ? 'Store non trovato' : 'Impossibile caricare lo store'}</p>
          <Link to="/dashboard/stores" className={buttonClasses('outline', 'default', 'mt-4')}>
            Torna ai tuoi store
          </Link>
        </div>
      )}
      {store.data && <StoreSettingsForm key={store.data.id} store={store.data} />}
      {/* A form of its own (its own API and button): staff do not see the store's payment details at all. */}
      {store.data && can(store.data, 'store:settings') && <PaymentSettingsSection key={`payments-${store.data.id}`} storeId={store.data.id} />}
      {store.data && <ShippingSettingsSection key={`shipping-${store.data.id}`} storeId={store.data.id} readOnly={!can(store.data, 'store:settings')} />}
      {store.data && can(store.data, 'store:settings') && <BusinessDetailsSection key={`business-${store.data.id}`} storeId={store.data.id} />}
      {store.data && can(store.data, 'store:settings') && <InvoiceSettingsSection key={`invoicing-${store.data.id}`} storeId={store.data.id} />}
      {store.data && can(store.data, 'store:settings') && (
        <LegalPagesSection key={`legal-${store.data.id}`} storeId={store.data.id} storeSlug={store.data.slug} />
      )}
    </div>
  );
}
