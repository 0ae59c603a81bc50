import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { factorListSchema, passkeyListSchema, reauthenticatedSchema, webauthnOptionsSchema, type ReauthenticateInput } from '@vetrina/shared';
import { freshProofMsg } from '@vetrina/shared/fresh-proof';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { api, errorMessage } from '@/lib/api';
import { freshProof } from '@/lib/fresh-proof';
import { passkeyBrowserError, passkeysSupported, signWithPasskey } from '@/lib/passkeys';
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
  // Shares the account page's cache of the passkeys.
  const passkeys = useQuery({ queryKey: ['auth-passkeys'], queryFn: () => api('/api/auth/passkeys', { schema: passkeyListSchema }) });
  const hasPasskey = passkeysSupported() && (passkeys.data?.passkeys.length ?? 0) > 0;
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
      const result = await api('/api/auth/reauthenticate', { body, schema: reauthenticatedSchema });
      await proved(result.aal);
    } catch (err) {
      setError(errorMessage(err, freshProofMsg.failed));
      setBusy(false);
    }
  };

  const proved = async (aal: 'aal1' | 'aal2') => {
    // A code or a passkey makes the session two-step: the next access token says so.
    if (aal === 'aal2') await sessionManager.refresh('MFA_CHALLENGE_VERIFIED').catch(() => null);
    freshProof.settle(true);
  };

  const onPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      const { options } = await api('/api/auth/reauthenticate/passkey/options', { method: 'POST', schema: webauthnOptionsSchema });
      const credential = await signWithPasskey(options);
      const result = await api('/api/auth/reauthenticate/passkey', { body: { credential }, schema: reauthenticatedSchema });
      await proved(result.aal);
    } catch (err) {
      setError(passkeyBrowserError(err) ?? errorMessage(err, freshProofMsg.failed));
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
          {(hasCode || hasPasskey) && (
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {hasCode && (
                <button type="button" className="text-sm text-primary hover:underline" onClick={switchMode}>
                  {useCode ? freshProofMsg.usePassword : freshProofMsg.useCode}
                </button>
              )}
              {hasPasskey && (
                <button type="button" className="text-sm text-primary hover:underline disabled:opacity-50" disabled={busy} onClick={() => void onPasskey()}>
                  {freshProofMsg.usePasskey}
                </button>
              )}
            </div>
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
