import { useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useConversations } from '../api';
import { ConversationPane } from './conversation-pane';
import { plural } from '@vetrina/shared/plural';

export function ChatTab({ storeId }: { storeId: string }) {
  const { data, isLoading } = useConversations(storeId);
  const [openId, setOpenId] = useState<string | null>(null);
  if (isLoading) return <Skeleton className="h-64" />;
  const conversations = data?.items ?? [];
  if (!conversations.length) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="Nessuna conversazione"
        description="Quando un cliente registrato ti scrive dalla vetrina, la chat appare qui in tempo reale."
      />
    );
  }
  const open = conversations.find((c) => c.userId === openId) ?? null;
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
      <ul className="space-y-1" aria-label="Conversazioni">
        {conversations.map((c) => (
          <li key={c.userId}>
            <button
              type="button"
              onClick={() => setOpenId(c.userId)}
              aria-current={c.userId === openId}
              className={cn('w-full rounded-md border p-3 text-left hover:bg-muted', c.userId === openId && 'border-primary bg-violet-50')}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-sm font-medium">{c.customerEmail}</span>
                {c.unreadCount > 0 && <Badge aria-label={plural(c.unreadCount, 'messaggio non letto', 'messaggi non letti')}>{c.unreadCount}</Badge>}
              </div>
              <p className="truncate text-sm text-muted-foreground">
                {c.lastSenderType === 'store' ? 'Tu: ' : ''}
                {c.lastMessage}
              </p>
              <time className="text-xs text-muted-foreground" dateTime={c.lastTime}>
                {formatDateTime(c.lastTime)}
              </time>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <ConversationPane key={open.userId} storeId={storeId} userId={open.userId} customerEmail={open.customerEmail} />
      ) : (
        <p className="flex items-center justify-center rounded-lg border border-dashed p-10 text-sm text-muted-foreground">Seleziona una conversazione</p>
      )}
    </div>
  );
}
