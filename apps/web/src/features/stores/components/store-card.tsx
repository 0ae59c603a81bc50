import { Link } from 'react-router';
import { Settings, Trash2 } from 'lucide-react';
import { can, teamMsg, type StoreSummary } from '@vetrina/shared';
import { StoreAvatar } from '@/components/layout/store-avatar';
import { ColorSwatches } from '@/components/store/color-swatches';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

export function StoreCard({ store, active, onDelete, deleting }: { store: StoreSummary; active: boolean; onDelete: () => void; deleting: boolean }) {
  return (
    // min-w-0: a 60-character name must not widen the card past its grid column.
    <Card className="flex min-w-0 flex-col" data-testid="store-card">
      <CardContent className="flex flex-1 items-start gap-4 p-5">
        <StoreAvatar name={store.name} logoUrl={store.logoUrl} color={store.colors.primary} className="size-14 rounded-xl text-xl" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 className="truncate text-lg font-semibold" title={store.name}>
            {store.name}
          </h2>
          <p className="truncate text-xs text-muted-foreground" title={`/store/${store.slug}`}>
            /store/{store.slug}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="purple">{store.themeName ?? 'Nessun tema'}</Badge>
            {active && <Badge variant="success">Attivo</Badge>}
            {store.isOwner && <Badge variant="warning">{teamMsg.ownerLabel}</Badge>}
            {store.role === 'staff' && <Badge variant="secondary">Staff</Badge>}
          </div>
          <ColorSwatches colors={store.colors} />
        </div>
      </CardContent>
      <CardFooter className="gap-2 p-5 pt-0">
        <Link to={`/dashboard/stores/${store.id}/settings`} className={buttonClasses('outline', 'sm', 'flex-1')}>
          <Settings aria-hidden /> Impostazioni
        </Link>
        {/* Only the owner deletes a store (the server refuses other admins too). */}
        {can(store, 'store:delete') && (
          <ConfirmDialog
            title="Eliminare questo store?"
            description="Questa azione è irreversibile. Tutti i dati dello store verranno persi."
            confirmLabel="Elimina"
            onConfirm={onDelete}
            trigger={
              <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={`Elimina ${store.name}`}>
                <Trash2 aria-hidden /> {deleting ? 'Eliminazione...' : 'Elimina'}
              </Button>
            }
          />
        )}
      </CardFooter>
    </Card>
  );
}
