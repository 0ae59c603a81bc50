import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Passkey } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api';
import { reauthenticate, useRemovePasskey } from '../passkeys-api';

/**
 * 'Rimuovi' asks first; when the last proof of identity is older than five minutes the server
 * answers 'reauth_required' and the dialog asks 'Conferma la tua identità' with the password, then
 * removes the passkey.
 */
export function PasskeyRemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [reauth, setReauth] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (reauth) await reauthenticate({ password });
      await remove.mutateAsync(passkey.id);
      toast.success('Passkey rimossa', { description: `«${passkey.name}» non potrà più essere usata per accedere.` });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'reauth_required') setReauth(true);
      else setError(errorMessage(err, 'Impossibile rimuovere la passkey. Riprova.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{reauth ? 'Conferma la tua identità' : 'Rimuovere la passkey?'}</DialogTitle>
            <DialogDescription className="break-words">
              {reauth
                ? 'Per rimuovere una passkey inserisci la password del tuo account.'
                : `«${passkey.name}» non potrà più essere usata per accedere. Potrai sempre aggiungerne un’altra.`}
            </DialogDescription>
          </DialogHeader>
          {reauth && (
            <FormField
              label="Password attuale"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              error={error ?? undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
          {!reauth && error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Annulla
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || (reauth && password === '')}>
              {busy ? 'Rimozione…' : reauth ? 'Conferma e rimuovi' : 'Rimuovi'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
