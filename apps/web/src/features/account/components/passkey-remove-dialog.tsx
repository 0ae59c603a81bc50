import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Passkey } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useRemovePasskey } from '../passkeys-api';

/**
 * 'Rimuovi' asks first. When the last proof of identity is older than five minutes the API client
 * asks 'Conferma la tua identità' (lib/fresh-proof.ts) and then removes the passkey; closing that
 * dialog leaves this one open with the reason.
 */
export function PasskeyRemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await remove.mutateAsync(passkey.id);
      toast.success('Passkey rimossa', { description: `«${passkey.name}» non potrà più essere usata per accedere.` });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Impossibile rimuovere la passkey. Riprova.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-md">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rimuovere la passkey?</DialogTitle>
            <DialogDescription className="break-words">
              {`«${passkey.name}» non potrà più essere usata per accedere. Potrai sempre aggiungerne un’altra.`}
            </DialogDescription>
          </DialogHeader>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Annulla
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Rimozione…' : 'Rimuovi'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
