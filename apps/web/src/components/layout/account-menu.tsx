import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, LayoutDashboard, LogOut, Mail, Plus, Settings, Store, User } from 'lucide-react';
import type { MeResponse } from '@vetrina/shared';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Badge } from '@/components/ui/badge';
import { api, errorMessage } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useLogout } from '@/lib/use-logout';
import { StoreAvatar } from './store-avatar';

export function useSwitchStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (storeId: string) =>
      api('/api/me/active-store', { method: 'PUT', body: { storeId }, schema: (await import('@/lib/session-schemas')).activeStoreResponseSchema }),
    onSuccess: () => qc.invalidateQueries(),
    // sonner on demand: the account menu is part of the public pages' first load.
    onError: (err) => void import('sonner').then(({ toast }) => toast.error('Errore', { description: errorMessage(err, 'Impossibile caricare lo store') })),
  });
}

/** The signed-in user's menu: store switcher and account links (spec §2 "Top navigation"). */
export function AccountMenu({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { data: me } = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const switchStore = useSwitchStore();
  const active = me?.activeStore ?? null;
  return (
    <DropdownMenu>
      {/* Named by its own text (WCAG 2.5.3, label in name): 'Menu account' for screen readers, then the
          store and e-mail it shows; on phones they are read without being drawn. */}
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-left hover:bg-muted" data-testid="account-menu">
        <span className="sr-only">Menu account: </span>
        <StoreAvatar name={active?.name ?? me?.user.email ?? '?'} logoUrl={active?.logoUrl ?? null} color={active?.colors.primary} />
        <span className="sr-only min-w-0 flex-col sm:not-sr-only sm:flex">
          <span className="max-w-40 truncate text-sm font-medium" title={active?.name}>
            {active?.name ?? 'I tuoi Stores'}
          </span>
          <span className="max-w-40 truncate text-xs text-muted-foreground" title={me?.user.email}>
            {me?.user.email}
          </span>
        </span>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align} className="w-64">
        <AccountMenuItems me={me} onSwitch={(id) => switchStore.mutate(id)} onLogout={logout} onNavigate={navigate} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AccountMenuItems({
  me,
  onSwitch,
  onLogout,
  onNavigate,
}: {
  me: MeResponse | undefined;
  onSwitch: (id: string) => void;
  onLogout: () => void;
  onNavigate: (to: string) => void;
}) {
  const active = me?.activeStore ?? null;
  return (
    <>
      <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground" title={me?.user.email}>
        {me?.user.email}
      </DropdownMenuLabel>
      {me && me.stores.length > 0 && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-xs">I tuoi Stores</DropdownMenuLabel>
          {me.stores.map((s) => (
            <DropdownMenuItem
              key={s.id}
              onSelect={() => s.id !== active?.id && onSwitch(s.id)}
              data-testid="store-switch-item"
              aria-current={s.id === active?.id ? 'true' : undefined}
            >
              <StoreAvatar name={s.name} logoUrl={s.logoUrl} color={s.colors.primary} className="size-6 text-xs" />
              <span className="flex-1 truncate" title={s.name}>
                {s.name}
              </span>
              {s.id === active?.id && <Check aria-label="Store attivo" className="text-primary" />}
            </DropdownMenuItem>
          ))}
        </>
      )}
      {me && me.stores.length > 0 && (
        <DropdownMenuItem asChild>
          <Link to="/dashboard/stores">
            <Store aria-hidden /> Gestisci i tuoi store
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      {/* A first store goes through the plain wizard; further ones use new-store mode (Annulla → stores list). */}
      <DropdownMenuItem onSelect={() => onNavigate(me && me.stores.length > 0 ? '/onboarding?mode=new-store' : '/onboarding')}>
        <Plus aria-hidden /> Crea nuovo store
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden /> Dashboard
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/dashboard/invitations">
          <Mail aria-hidden /> <span className="flex-1">Inviti Ricevuti</span>
          {(me?.pendingInvitations ?? 0) > 0 && <Badge data-testid="invitations-badge">{me?.pendingInvitations}</Badge>}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/dashboard/profile">
          <User aria-hidden /> Profilo
        </Link>
      </DropdownMenuItem>
      {active && (
        <DropdownMenuItem asChild>
          <Link to={`/dashboard/stores/${active.id}/settings`}>
            <Settings aria-hidden /> Impostazioni Store
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>
        <LogOut aria-hidden /> Logout
      </DropdownMenuItem>
    </>
  );
}
