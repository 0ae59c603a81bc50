import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { teamTwoStepMsg } from '@vetrina/shared';
import { buttonClasses, Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { useTwoStepShortfall } from '@/lib/two-step-requirement';
import { useProveWithCode } from '../team-two-step-api';
import { useFactors } from '../two-step-api';

const names = (list: { name: string }[]) => list.map((s) => `«${s.name}»`).join(', ');

/**
 * Above 'Verifica in due passaggi' when a store of the member requires it and this session has
 * shown no second factor: why the dashboard sent them here, and the one step left: turn it on
 * below, or (on already, but signed in with the password) confirm with a code. Once done, the way
 * back to the dashboard.
 */
export function TwoStepRequiredNotice() {
  const shortfall = useTwoStepShortfall();
  const factors = useFactors();
  const prove = useProveWithCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const hasFactor = factors.data?.factors.some((f) => f.status === 'verified') ?? false;

  const pending = names(shortfall);
  useEffect(() => {
    if (pending) shown.current = pending;
    else if (shown.current) setDone(shown.current);
  }, [pending]);

  const onProve = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await prove.mutateAsync(code);
    } catch (err) {
      setError(errorMessage(err, 'Codice non valido o scaduto'));
    }
  };

  if (!shortfall.length && done)
    return (
      <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
        <ShieldCheck className="size-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">Verifica in due passaggi a posto: ora puoi entrare in {done}.</p>
        <Link to="/dashboard" className={buttonClasses('default', 'sm')}>
          Vai alla dashboard
        </Link>
      </div>
    );
  if (!shortfall.length) return null;
  return (
    <section
      aria-labelledby="two-step-required-title"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="two-step-required"
    >
      <h3 id="two-step-required-title" className="flex items-center gap-2 text-base font-semibold">
        <ShieldAlert className="size-5 shrink-0" aria-hidden />
        {teamTwoStepMsg.storeRequires}
      </h3>
      {hasFactor ? (
        <>
          <p>
            Per entrare in {names(shortfall)} serve la verifica in due passaggi. L’hai già attivata, ma questo accesso è avvenuto con la sola password:
            inserisci un codice dell’app di autenticazione per continuare.
          </p>
          <form onSubmit={(e) => void onProve(e)} noValidate className="flex flex-wrap items-start gap-3" aria-label="Conferma con un codice">
            <div className="w-full max-w-xs">
              <FormField
                label="Codice di verifica"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                error={error ?? undefined}
                onChange={(e) => setCode(e.target.value.trim())}
              />
            </div>
            <Button type="submit" className="sm:mt-7" disabled={prove.isPending || code === ''}>
              {prove.isPending ? 'Verifica in corso…' : 'Conferma'}
            </Button>
          </form>
        </>
      ) : (
        <p>Per entrare nella dashboard di {names(shortfall)} attiva qui sotto la verifica in due passaggi con un’app di autenticazione.</p>
      )}
    </section>
  );
}
