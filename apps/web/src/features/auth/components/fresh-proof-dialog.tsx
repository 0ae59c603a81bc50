import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { factorListSchema, reauthenticatedSchema, type ReauthenticateInput } from '@vetrina/shared';
import { freshProofMsg } from '@vetrina/shared/fresh-proof';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { api, errorMessage } from '@/lib/api';
import { freshProof } from '@/lib/fresh-proof';
import { sessionManager } from '@/lib/session';

/**
 * 'Conferma la tua identità': the password, or a code of the authenticator app when the account has
 * one. Opened by the API client on 403 'reauth_required' (lib/fresh-proof.ts); a right proof sends
 * the refused change again, closing it leaves the form as it was.
 */
export default function FreshProofDialog() {
  // Shares the account page's cache of the factors.
  const factors = useQuery({ queryKey: ['auth-factors'], queryFn: () => api('/api/auth/factors', { schema: factorListSchema }) });
  const hasCode = factors.data?.factors.some((f) => f.factorType === 'totp' && f.status === 'verified') ?? false;
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const useCode = mode === 'code' && hasCode;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    setError(null);
    setBusy(true);
    try {
      const body: ReauthenticateInput = useCode ? { code: value.trim() } : { password: value };
      const proved = await api('/api/auth/reauthenticate', { body, schema: reauthenticatedSchema });
      // A code makes the session two-step: the next access token says so.
      if (proved.aal === 'aal2') await sessionManager.refresh('MFA_CHALLENGE_VERIFIED').catch(() => null);
      freshProof.settle(true);
    } catch (err) {
      setError(errorMessage(err, freshProofMsg.failed));
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(useCode ? 'password' : 'code');
    setValue('');
    setError(null);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && !busy && freshProof.settle(false)}>
      <DialogContent className="max-w-md" onInteractOutside={(e) => busy && e.preventDefault()}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{freshProofMsg.title}</DialogTitle>
            <DialogDescription>{useCode ? freshProofMsg.codeIntro : freshProofMsg.passwordIntro}</DialogDescription>
          </DialogHeader>
          {useCode ? (
            <FormField
              key="code"
              label={freshProofMsg.codeLabel}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              required
              autoFocus
              value={value}
              error={error ?? undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          ) : (
            <FormField
              key="password"
              label={freshProofMsg.passwordLabel}
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              value={value}
              error={error ?? undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          {hasCode && (
            <button type="button" className="justify-self-start text-sm text-primary hover:underline" onClick={switchMode}>
              {useCode ? freshProofMsg.usePassword : freshProofMsg.useCode}
            </button>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => freshProof.settle(false)}>
              {freshProofMsg.cancel}
            </Button>
            <Button type="submit" disabled={busy || !value.trim()}>
              {busy ? freshProofMsg.busy : freshProofMsg.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
