import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useContacts } from '../api';
import { ContactCard } from './contact-card';

export function ContactsTab({ storeId }: { storeId: string }) {
  const { data, isLoading, isError } = useContacts(storeId);
  if (isLoading)
    return (
      <div className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  if (isError) return <p className="text-sm text-destructive">Impossibile caricare i messaggi.</p>;
  if (!data?.items.length) {
    return <EmptyState icon={Inbox} title="Nessun messaggio" description="I messaggi inviati dal modulo di contatto della tua vetrina appariranno qui." />;
  }
  return (
    <ul className="space-y-2" aria-label="Messaggi di contatto">
      {data.items.map((m) => (
        <ContactCard key={m.id} storeId={storeId} message={m} />
      ))}
    </ul>
  );
}
