import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import type { SessionPayload } from '@vetrina/shared';
import { verifySecondStep } from '../api';

/** 'Codice di verifica' after the password: six digits from the app, or a recovery code. */
export function SecondStepForm({
  challengeId,
  onSignedIn,
  onCancel,
}: {
  challengeId: string;
  onSignedIn: (s: SessionPayload) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { session } = await verifySecondStep(challengeId, code.trim());
      await onSignedIn(session);
    } catch (err) {
      setError(errorMessage(err, 'Codice non valido o scaduto'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4" aria-label="Verifica in due passaggi">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Inserisci uno dei codici di recupero che hai salvato: ognuno vale una volta sola.'
          : "Apri l'app di autenticazione e inserisci il codice di 6 cifre."}
      </p>
      {recovery ? (
        <FormField
          key="recovery"
          label="Codice di recupero"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          value={code}
          error={error ?? undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : (
        <FormField
          key="totp"
          label="Codice di verifica"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          autoFocus
          value={code}
          error={error ?? undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      )}
      <Button type="submit" className="w-full" disabled={busy || code.trim() === ''}>
        {busy ? 'Verifica in corso...' : 'Verifica'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? "Usa il codice dell'app" : 'Usa un codice di recupero'}
        </button>
        <button type="button" className="text-muted-foreground hover:underline" onClick={onCancel}>
          Torna indietro
        </button>
      </div>
    </form>
  );
}
