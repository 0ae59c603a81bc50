import { Check, X } from 'lucide-react';
import type { ReceivedInvitation } from '@vetrina/shared';
import { StoreAvatar } from '@/components/layout/store-avatar';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { RoleBadge } from './role-badge';

/** One invitation in 'Inviti Ricevuti': the store (logo and name), the role and the two answers. */
export function ReceivedInvitationItem({
  invitation,
  busy,
  onAccept,
  onDecline,
}: {
  invitation: ReceivedInvitation;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-lg border bg-card p-4 shadow-sm" data-testid="received-invitation">
      <StoreAvatar name={invitation.storeName} logoUrl={invitation.storeLogoUrl} className="size-12 text-lg" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold" title={invitation.storeName}>
            {invitation.storeName}
          </span>
          <RoleBadge role={invitation.role} />
        </p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {invitation.invitedByEmail ? `Invitato da ${invitation.invitedByEmail} · ` : ''}
          Scade il <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button className="flex-1 sm:flex-none" onClick={onAccept} disabled={busy} aria-label={`Accetta l'invito di ${invitation.storeName}`}>
          <Check aria-hidden /> Accetta
        </Button>
        <Button
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={onDecline}
          disabled={busy}
          aria-label={`Rifiuta l'invito di ${invitation.storeName}`}
        >
          <X aria-hidden /> Rifiuta
        </Button>
      </div>
    </li>
  );
}
