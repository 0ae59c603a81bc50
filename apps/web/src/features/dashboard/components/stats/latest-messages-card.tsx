import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import type { DashboardStats } from '@vetrina/shared/stats';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

/** The five latest contact messages and chats, newest first. */
export function LatestMessagesCard({ messages }: { messages: DashboardStats['latestMessages'] }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          Ultimi messaggi
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {messages.length === 0 ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <MessageSquare className="size-5" aria-hidden /> Nessun messaggio per ora: i clienti ti scrivono dalla vetrina.
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {messages.map((m) => (
              <li key={`${m.kind}-${m.id}`} className="grid min-w-0 gap-0.5 text-sm">
                <div className="flex min-w-0 items-center gap-2">
                  <span className={m.unread ? 'min-w-0 truncate font-semibold' : 'min-w-0 truncate font-medium'} title={m.from}>
                    {m.from}
                  </span>
                  <Badge variant="secondary" className="shrink-0">
                    {m.kind === 'chat' ? 'Chat' : 'Contatto'}
                  </Badge>
                  {m.unread && <span className="sr-only">(non letto)</span>}
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground">{formatDateTime(m.createdAt)}</span>
                </div>
                <p className="truncate text-muted-foreground" title={m.text}>
                  {m.text}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/dashboard/messages" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Vai ai messaggi
        </Link>
      </CardContent>
    </Card>
  );
}
