import { Link } from 'react-router';
import { ExternalLink, Package, Settings, ShoppingCart } from 'lucide-react';
import type { StoreSummary } from '@vetrina/shared';
import { StoreAvatar } from '@/components/layout/store-avatar';
import { ColorSwatches } from '@/components/store/color-swatches';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function ActiveStoreHome({ store, email }: { store: StoreSummary; email: string }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
          <StoreAvatar name={store.name} logoUrl={store.logoUrl} color={store.colors.primary} className="size-16 rounded-xl text-2xl" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <h1 className="truncate text-2xl font-bold" data-testid="active-store-name">
              {store.name}
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant="purple">Tema: {store.themeName ?? 'Nessuno'}</Badge>
              <ColorSwatches colors={store.colors} />
              {store.role === 'staff' && <Badge variant="secondary">Staff</Badge>}
            </div>
          </div>
          <a href={`/store/${store.slug}`} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            <ExternalLink aria-hidden /> Visita Store
          </a>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Benvenuto nella tua dashboard!</CardTitle>
          <CardDescription>
            Hai effettuato l'accesso come {email}. Da qui gestisci prodotti, ordini, messaggi e team di {store.name}.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Link to="/dashboard/products" className={buttonClasses()}>
            <Package aria-hidden /> Gestisci prodotti
          </Link>
          <Link to="/dashboard/orders" className={buttonClasses('outline')}>
            <ShoppingCart aria-hidden /> Vedi ordini
          </Link>
          <Link to={`/dashboard/stores/${store.id}/settings`} className={buttonClasses('outline')}>
            <Settings aria-hidden /> Impostazioni store
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
