import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { can, type StoreSummary } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useStore } from '../api';
import { PaymentSettingsSection } from '../components/payments/payment-settings-section';
import { ShippingSettingsSection } from '../components/shipping/shipping-settings-section';
import { ReturnSettingsSection } from '../components/returns/return-settings-section';
import { BusinessDetailsSection } from '../components/business/business-details-section';
import { InvoiceSettingsSection } from '../components/invoicing/invoice-settings-section';
import { LegalPagesSection } from '../components/legal/legal-pages-section';
import { TeamTwoStepSection } from '../components/security/team-two-step-section';
import { SettingsNav } from '../components/settings-nav';
import { StoreSettingsForm } from '../components/store-settings-form';
import { sectionOf, settingsPath, type SettingsSectionSlug } from '../settings-sections';

/** One section's form; each has its own save (and staff see payments, business and legal not at all). */
function SectionBody({ store, section }: { store: StoreSummary; section: SettingsSectionSlug }) {
  switch (section) {
    case 'generale':
      return <StoreSettingsForm store={store} />;
    case 'pagamenti':
      return <PaymentSettingsSection storeId={store.id} />;
    case 'spedizioni':
      return <ShippingSettingsSection storeId={store.id} readOnly={!can(store, 'store:settings')} />;
    case 'resi':
      return <ReturnSettingsSection storeId={store.id} readOnly={!can(store, 'store:settings')} />;
    case 'dati-aziendali':
      return <BusinessDetailsSection storeId={store.id} />;
    case 'fatturazione':
      return <InvoiceSettingsSection storeId={store.id} />;
    case 'pagine-legali':
      return <LegalPagesSection storeId={store.id} storeSlug={store.slug} />;
    case 'sicurezza':
      return <TeamTwoStepSection store={store} />;
    case 'registro-attivita':
      // The router opens the audit page at this address; this page never shows it.
      return null;
  }
}

export default function StoreSettingsPage() {
  const { storeId = '', section: rawSection } = useParams();
  const { hash } = useLocation();
  const store = useStore(storeId);
  const notFound = store.error instanceof ApiError && store.error.status === 404;

  useEffect(() => {
    if (store.isError && !notFound) toast.error('Errore', { description: 'Impossibile caricare lo store' });
  }, [store.isError, notFound]);

  const isAdmin = store.data ? can(store.data, 'store:settings') : false;
  const section = store.data ? sectionOf(rawSection, hash, isAdmin) : null;
  if (store.data && section?.redirect) return <Navigate replace to={settingsPath(store.data.id, section.slug)} />;

  return (
    <div className="grid gap-6">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">Impostazioni Store</h1>
        <p className="truncate text-sm text-muted-foreground">{store.data ? store.data.name : 'Nome, logo, colori e tema del tuo store.'}</p>
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
      {store.data && section && (
        <div className="grid gap-6 lg:grid-cols-[11rem_minmax(0,1fr)] lg:items-start">
          <SettingsNav storeId={store.data.id} current={section.slug} isAdmin={isAdmin} />
          <div className="grid min-w-0 gap-6" data-testid={`settings-section-${section.slug}`}>
            <SectionBody key={`${store.data.id}-${section.slug}`} store={store.data} section={section.slug} />
          </div>
        </div>
      )}
    </div>
  );
}
