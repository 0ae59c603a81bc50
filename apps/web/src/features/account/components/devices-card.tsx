import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { deviceSessionsResponseSchema, type DeviceSession } from '@vetrina/shared/devices';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api, apiNoContent, errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { sessionManager } from '@/lib/session';

const key = ['device-sessions'] as const;
const MOBILE = /^(iOS|Android|iPadOS)$/;

/** One session: what it is, where from, since when; and ending it. */
function DeviceRow({ session, onEnd, ending }: { session: DeviceSession; onEnd: () => void; ending: boolean }) {
  const Icon = MOBILE.test(session.system) ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center lg:justify-between" data-testid="device-session">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 space-y-0.5 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.browser} su {session.system}
            {session.current && <Badge variant="success">Questo dispositivo</Badge>}
          </p>
          <p className="text-muted-foreground">{session.network}</p>
          <p className="flex flex-wrap gap-x-3 text-muted-foreground">
            <span className="whitespace-nowrap">Accesso: {formatDateTime(session.createdAt)}</span>
            <span className="whitespace-nowrap">Ultimo uso: {formatDateTime(session.lastUsedAt)}</span>
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" className="shrink-0 self-start lg:self-center" onClick={onEnd} disabled={ending}>
        <LogOut aria-hidden /> Esci da questo dispositivo
      </Button>
    </li>
  );
}

/** 'Dispositivi e sessioni': every signed-in session of the account (docs/security.md). */
export function DevicesCard() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => api('/api/auth/sessions', { schema: deviceSessionsResponseSchema }) });
  const end = useMutation({
    mutationFn: (id: string) => apiNoContent(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Disconnesso da quel dispositivo');
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile uscire da quel dispositivo') }),
  });
  const [endingOthers, setEndingOthers] = useState(false);
  const onEndOthers = async () => {
    setEndingOthers(true);
    const done = await sessionManager.signOut('others').finally(() => setEndingOthers(false));
    if (done) toast.success('Disconnesso dagli altri dispositivi');
    else toast.error('Errore', { description: 'Impossibile uscire dagli altri dispositivi: controlla la connessione e riprova' });
    void qc.invalidateQueries({ queryKey: key });
  };
  const onEnd = (s: DeviceSession) => (s.current ? void sessionManager.signOut('local') : end.mutate(s.id));
  const sessions = query.data?.sessions;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <Card id="dispositivi" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="text-lg">Dispositivi e sessioni</CardTitle>
        <CardDescription>Dove hai effettuato l’accesso. Se non riconosci un dispositivo, esci da lì e cambia la password.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isError ? (
          <div className="flex items-center gap-3 text-sm">
            <span>Impossibile caricare i dispositivi.</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Riprova
            </Button>
          </div>
        ) : !sessions ? (
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        ) : (
          <ul className="divide-y" aria-label="Sessioni attive">
            {sessions.map((s) => (
              <DeviceRow key={s.id} session={s} onEnd={() => onEnd(s)} ending={end.isPending && end.variables === s.id} />
            ))}
          </ul>
        )}
        <Button variant="outline" onClick={() => void onEndOthers()} disabled={endingOthers || others === 0}>
          <LogOut aria-hidden /> {endingOthers ? 'Uscita in corso…' : 'Esci da tutti gli altri dispositivi'}
        </Button>
      </CardContent>
    </Card>
  );
}
