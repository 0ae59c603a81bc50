import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import { teamTwoStepMsg } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useRegenerateRecoveryCodes } from '../team-two-step-api';
import { CodeOrPasswordField, useCodeOrPassword } from './code-or-password';

/**
 * 'Genera nuovi codici di recupero': asks for a current code (or the password), then hands the ten
 * new codes to the card, which shows them once. The old codes stop working.
 */
export function RegenerateRecoveryCodes({ factorId, onCodes }: { factorId: string; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [open, setOpen] = useState(false);
  const entry = useCodeOrPassword();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { recoveryCodes } = await regenerate.mutateAsync({ factorId, proof: entry.proof });
      onCodes(recoveryCodes);
      toast.success('Nuovi codici di recupero', { description: 'I codici precedenti non valgono più.' });
    } catch (err) {
      setError(errorMessage(err, 'Riprova più tardi'));
    }
  };

  if (!open)
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <RefreshCw aria-hidden /> {teamTwoStepMsg.regenerate}
      </Button>
    );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-sm gap-3" aria-label={teamTwoStepMsg.regenerate}>
      <p className="text-sm text-muted-foreground">I codici che hai ora smetteranno di valere. Conferma con un codice dell’app o con la password.</p>
      <CodeOrPasswordField input={entry} error={error} onSwitch={() => setError(null)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={regenerate.isPending || entry.value === ''}>
          {regenerate.isPending ? 'Generazione…' : 'Genera i codici'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Annulla
        </Button>
      </div>
    </form>
  );
}
