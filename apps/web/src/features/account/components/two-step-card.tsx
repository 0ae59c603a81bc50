import { useState } from 'react';
import { toast } from 'sonner';
import { ShieldCheck } from 'lucide-react';
import type { EnrolledFactor } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useEnrolTotp, useFactors } from '../two-step-api';
import { RegenerateRecoveryCodes } from './regenerate-recovery-codes';
import { DisableTwoStep, EnrolTotp, RecoveryCodes } from './two-step-parts';

/**
 * Profilo → Sicurezza: 'Verifica in due passaggi'. Off → 'Attiva' → QR and 'Chiave' with the first
 * code → the recovery codes, shown once → on, with 'Disattiva'.
 */
export function TwoStepCard() {
  const factors = useFactors();
  const enrol = useEnrolTotp();
  const [pending, setPending] = useState<EnrolledFactor | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const active = factors.data?.factors.find((f) => f.status === 'verified');

  const onStart = async () => {
    try {
      setPending(await enrol.mutateAsync());
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Riprova più tardi') });
    }
  };

  let body;
  if (factors.isLoading) body = <Skeleton className="h-10 w-2/3" />;
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (pending)
    body = (
      <EnrolTotp
        enrolled={pending}
        onConfirmed={(recoveryCodes) => {
          setPending(null);
          setCodes(recoveryCodes);
          toast.success('Verifica in due passaggi attiva');
        }}
        onCancel={() => setPending(null)}
      />
    );
  else if (active)
    body = (
      <div className="grid gap-4">
        <DisableTwoStep factorId={active.id} />
        <RegenerateRecoveryCodes factorId={active.id} onCodes={setCodes} />
      </div>
    );
  else
    body = (
      <Button onClick={() => void onStart()} disabled={enrol.isPending}>
        <ShieldCheck aria-hidden /> {enrol.isPending ? 'Preparazione…' : 'Attiva'}
      </Button>
    );

  return (
    <Card data-testid="two-step-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          Verifica in due passaggi
          {active && !codes && <Badge variant="success">Attiva</Badge>}
        </CardTitle>
        <CardDescription>
          Oltre alla password, all’accesso ti chiederemo un codice generato da un’app di autenticazione (per esempio Google Authenticator, Microsoft
          Authenticator o 1Password): chi conosce la tua password non basta per entrare.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
