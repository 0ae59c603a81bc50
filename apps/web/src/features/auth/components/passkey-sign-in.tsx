import { useState } from 'react';
import { Fingerprint } from 'lucide-react';
import type { SessionPayload } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api';
import { passkeyBrowserError } from '@/lib/passkeys';
import { signInWithPasskey } from '../api';

/** 'Accedi con una passkey' (alone), or the passkey as the second step when `challengeId` is given. */
export function PasskeySignIn({
  label,
  challengeId,
  onSignedIn,
  variant = 'outline',
}: {
  label: string;
  challengeId?: string;
  onSignedIn: (s: SessionPayload) => Promise<void>;
  variant?: 'outline' | 'default';
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setError(null);
    setBusy(true);
    try {
      const { session } = await signInWithPasskey(challengeId);
      await onSignedIn(session);
    } catch (err) {
      setError(passkeyBrowserError(err) ?? errorMessage(err, 'Passkey non riconosciuta. Riprova.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <Button type="button" variant={variant} className="w-full" onClick={() => void onClick()} disabled={busy}>
        <Fingerprint aria-hidden /> {busy ? 'In attesa della passkey…' : label}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
