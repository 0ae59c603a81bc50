import { useNavigate } from 'react-router';
import { Bell, CheckCheck, MessageSquare, ShoppingBag, Undo2 } from 'lucide-react';
import { NOTIFICATION_LIMITS, type Notification } from '@vetrina/shared/notifications';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { bellLabel, relativeTime } from '../relative-time';

/** The top bar's bell for the active store: new orders and messages, live, for the signed-in member. */
export function NotificationBell() {
  const { data: me } = useMe();
  const storeId = me?.activeStore?.id;
  if (!storeId) return null;
  return <StoreNotificationBell key={storeId} storeId={storeId} />;
}

function StoreNotificationBell({ storeId }: { storeId: string }) {
  const { data, isLoading, isError, refetch } = useNotifications(storeId);
  const markRead = useMarkNotificationsRead(storeId);
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  // The bell reads as read at once; if the server refuses, the count comes back and the merchant is told why.
  const failed = (err: unknown) =>
    void import('sonner').then(({ toast }) =>
      toast.error('Errore', { description: errorMessage(err, 'Impossibile segnare le notifiche come lette: riprova') }),
    );
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id], { onError: failed });
    navigate(n.link);
  };

  return (
    <DropdownMenu onOpenChange={(isOpen) => isOpen && void refetch()}>
      <DropdownMenuTrigger
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
        aria-label={bellLabel(unread, NOTIFICATION_LIMITS.unreadCap)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground"
          >
            {unread > NOTIFICATION_LIMITS.unreadCap ? `${NOTIFICATION_LIMITS.unreadCap}+` : unread}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0" aria-label="Notifiche">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0">Notifiche</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="w-auto px-2 py-1 text-xs text-primary"
              // The list stays open: the merchant sees everything turn read.
              disabled={markRead.isPending}
              onSelect={(e) => {
                e.preventDefault();
                markRead.mutate(undefined, { onError: failed });
              }}
            >
              <CheckCheck aria-hidden /> {markRead.isPending ? 'Aggiornamento…' : 'Segna tutte come lette'}
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-[min(26rem,70vh)] overflow-y-auto p-1">
          {isLoading ? (
            <div className="space-y-2 p-2" aria-label="Caricamento delle notifiche">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : isError ? (
            <div className="space-y-2 p-3 text-sm">
              <p>Impossibile caricare le notifiche.</p>
              <DropdownMenuItem
                className="w-auto justify-center border"
                onSelect={(e) => {
                  e.preventDefault();
                  void refetch();
                }}
              >
                Riprova
              </DropdownMenuItem>
            </div>
          ) : !data?.items.length ? (
            <div className="p-4 text-center text-sm text-muted-foreground">
              <p className="font-medium text-foreground">Nessuna notifica</p>
              <p>Qui vedrai i nuovi ordini e i nuovi messaggi dei clienti.</p>
            </div>
          ) : (
            data.items.map((n) => <NotificationItem key={n.id} notification={n} onOpen={() => open(n)} />)
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const Icon = n.kind === 'order' ? ShoppingBag : n.kind === 'withdrawal' ? Undo2 : MessageSquare;
  return (
    <DropdownMenuItem onSelect={onOpen} className="items-start gap-3 py-2" data-testid="notification-item" data-unread={n.readAt ? undefined : 'true'}>
      <Icon aria-hidden className="mt-0.5 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate', !n.readAt && 'font-semibold')} title={n.title}>
          {n.title}
        </span>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="block text-xs text-muted-foreground">
          {relativeTime(n.createdAt)}
        </time>
      </span>
      {!n.readAt && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" role="img" aria-label="Da leggere" />}
    </DropdownMenuItem>
  );
}
