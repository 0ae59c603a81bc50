import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * 'Inviti Ricevuti' for an address not yet proved: why 'Accetta' waits for the mailed link, and a
 * way to get another one. `alert` when it follows a refused 'Accetta' (screen readers announce it).
 */
export function MailboxProofNotice({
  message,
  alert,
  linkSent,
  sending,
  onSend,
}: {
  message: string;
  alert: boolean;
  linkSent: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  return (
    <div
      role={alert ? 'alert' : 'status'}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-start"
      data-testid="mailbox-proof"
    >
      <MailWarning className="size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 space-y-3">
        <p className="font-semibold">Conferma il tuo indirizzo email</p>
        <p className="[overflow-wrap:anywhere]">{message}</p>
        <Button variant="outline" size="sm" className="bg-background" onClick={onSend} disabled={sending}>
          {sending ? 'Invio in corso...' : linkSent ? 'Invia di nuovo il link' : 'Invia il link di conferma'}
        </Button>
      </div>
    </div>
  );
}
