import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { notificationPreferencesResponseSchema, type NotificationPreferences } from '@vetrina/shared/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { api, errorMessage } from '@/lib/api';

const key = ['notification-preferences'] as const;
const path = '/api/me/notification-preferences';

const SWITCHES: Array<{ field: keyof NotificationPreferences; label: string; hint: string }> = [
  { field: 'orderEmails', label: 'Email per i nuovi ordini', hint: 'Un’email a ogni ordine ricevuto.' },
  { field: 'messageEmails', label: 'Email per i nuovi messaggi', hint: 'Un’email a ogni messaggio dal modulo di contatto e a ogni nuova chat.' },
];

/**
 * The member's notice mails (docs/decisions/0024-notifications.md). One choice for every store where
 * they are an admin; staff receive no notice mails, and the bell lists everything either way.
 */
export function NotificationPreferencesCard() {
  const qc = useQueryClient();
  const baseId = useId();
  const query = useQuery({ queryKey: key, queryFn: () => api(path, { schema: notificationPreferencesResponseSchema }) });
  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) => api(path, { method: 'PUT', body: preferences, schema: notificationPreferencesResponseSchema }),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      toast.success('Preferenze salvate');
    },
    onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile salvare le preferenze') }),
  });
  const current = save.isPending && save.variables ? save.variables : query.data?.preferences;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Notifiche</CardTitle>
        <CardDescription>Valgono per gli store in cui sei amministratore. Nuovi ordini e messaggi restano comunque nella campanella in alto.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span>Impossibile caricare le preferenze.</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Riprova
            </Button>
          </div>
        ) : !current ? (
          <>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6 w-2/3" />
          </>
        ) : (
          SWITCHES.map(({ field, label, hint }) => (
            <div key={field} className="flex items-start justify-between gap-4">
              <div className="space-y-1">
                <Label htmlFor={`${baseId}-${field}`}>{label}</Label>
                <p id={`${baseId}-${field}-hint`} className="text-sm text-muted-foreground">
                  {hint}
                </p>
              </div>
              <Switch
                id={`${baseId}-${field}`}
                aria-describedby={`${baseId}-${field}-hint`}
                checked={current[field]}
                disabled={save.isPending}
                onCheckedChange={(checked) => save.mutate({ ...current, [field]: checked })}
              />
            </div>
          ))
        )}
      </CardContent>
    </Card>
  );
}
