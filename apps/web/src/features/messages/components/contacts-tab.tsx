import { Inbox } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useContacts } from '../api';
import { ContactCard } from './contact-card';

export function ContactsTab({ storeId }: { storeId: string }) {
  const { data, isLoading, isError } = useContacts(storeId);
  if (isLoading) return <div className="space-y-2">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)}</div>;
  if (isError) return <p className="text-sm text-destructive">Impossibile caricare i messaggi.</p>;
  if (!data?.items.length) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <Inbox className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">Nessun messaggio</p>
        <p className="text-sm text-muted-foreground">I messaggi inviati dal modulo di contatto della tua vetrina appariranno qui.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Messaggi di contatto">
      {data.items.map((m) => <ContactCard key={m.id} storeId={storeId} message={m} />)}
    </ul>
  );
}
