import { Circle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useActiveStore } from '@/lib/auth';
import { useUnreadCounts } from '@/lib/use-store-events';
import { usePresence } from '../api';
import { ContactsTab } from '../components/contacts-tab';
import { ChatTab } from '../components/chat-tab';

export default function MessagesPage() {
  const { store } = useActiveStore();
  const storeId = store?.id ?? '';
  const unread = useUnreadCounts(storeId);
  const presence = usePresence(storeId);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Messaggi</h1>
          <p className="text-sm text-muted-foreground">Modulo di contatto e chat dal vivo della tua vetrina.</p>
        </div>
        <p
          className="flex items-center gap-2 rounded-full border px-3 py-1 text-sm"
          data-testid="online-counter"
          title="Visitatori con la vetrina aperta in questo momento"
        >
          <Circle aria-hidden className="size-2.5 fill-emerald-500 text-emerald-500" /> Online: {presence.data?.online ?? 0}
        </p>
      </div>
      <Tabs defaultValue="contacts">
        <TabsList>
          <TabsTrigger value="contacts">Contatti {(unread.data?.contacts ?? 0) > 0 && <Badge>{unread.data?.contacts}</Badge>}</TabsTrigger>
          <TabsTrigger value="chat">Chat dal vivo {(unread.data?.chat ?? 0) > 0 && <Badge>{unread.data?.chat}</Badge>}</TabsTrigger>
        </TabsList>
        <TabsContent value="contacts">
          <ContactsTab storeId={storeId} />
        </TabsContent>
        <TabsContent value="chat">
          <ChatTab storeId={storeId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
