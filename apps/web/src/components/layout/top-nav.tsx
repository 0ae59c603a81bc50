import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Check, Menu, Store } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useAuth, useMe } from '@/lib/auth';
import { AccountMenu, useSwitchStore } from './account-menu';
import { StoreAvatar } from './store-avatar';
import { useLogout } from '@/lib/use-logout';
import { cn } from '@/lib/cn';

const links = [
  { to: '/pricing', label: 'Prezzi' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
];

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight" aria-label="Vetrina, home">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-white">
        <Store className="size-5" aria-hidden />
      </span>
      Vetrina
    </Link>
  );
}

function MobileMenu() {
  const { status } = useAuth();
  const { data: me } = useMe();
  const logout = useLogout();
  const switchStore = useSwitchStore();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const item = 'block rounded-md px-3 py-2 text-sm hover:bg-muted';
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={cn(buttonClasses('ghost', 'icon'), 'md:hidden')} aria-label="Apri menu">
        <Menu />
      </SheetTrigger>
      <SheetContent side="right">
        <SheetTitle>Menu</SheetTitle>
        <nav className="flex flex-col gap-1" aria-label="Menu mobile">
          {links.map((l) => (
            <Link key={l.to} to={l.to} className={item} onClick={close}>
              {l.label}
            </Link>
          ))}
          <hr className="my-2" />
          {status === 'authenticated' ? (
            <>
              <p className="px-3 text-xs text-muted-foreground">{me?.user.email}</p>
              <p className="px-3 text-sm font-medium">{me?.activeStore?.name ?? 'I tuoi Stores'}</p>
              {me?.stores.map((st) => (
                <button
                  key={st.id}
                  className={cn(item, 'flex items-center gap-2 text-left')}
                  aria-current={st.id === me.activeStore?.id ? 'true' : undefined}
                  onClick={() => {
                    close();
                    if (st.id !== me.activeStore?.id) switchStore.mutate(st.id);
                  }}
                >
                  <StoreAvatar name={st.name} logoUrl={st.logoUrl} color={st.colors.primary} className="size-6 text-xs" />
                  <span className="flex-1 truncate" title={st.name}>
                    {st.name}
                  </span>
                  {st.id === me.activeStore?.id && <Check className="size-4 text-primary" aria-label="Store attivo" />}
                </button>
              ))}
              <Link to={me && me.stores.length > 0 ? '/onboarding?mode=new-store' : '/onboarding'} className={item} onClick={close}>
                Crea nuovo store
              </Link>
              <Link to="/dashboard" className={item} onClick={close}>
                Dashboard
              </Link>
              <Link to="/dashboard/invitations" className={item} onClick={close}>
                Inviti Ricevuti {(me?.pendingInvitations ?? 0) > 0 && `(${me?.pendingInvitations})`}
              </Link>
              <Link to="/dashboard/profile" className={item} onClick={close}>
                Profilo
              </Link>
              {me?.activeStore && (
                <Link to={`/dashboard/stores/${me.activeStore.id}/settings`} className={item} onClick={close}>
                  Impostazioni Store
                </Link>
              )}
              <button
                className={cn(item, 'text-left')}
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className={item} onClick={close}>
                Accedi
              </Link>
              <Link to="/register" className={buttonClasses()} onClick={close}>
                Inizia gratis
              </Link>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}

export function TopNav() {
  const { status } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav className="hidden items-center gap-6 md:flex" aria-label="Principale">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) => cn('text-sm font-medium text-muted-foreground hover:text-foreground', isActive && 'text-foreground')}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {status === 'authenticated' ? (
            <div className="hidden md:block">
              <AccountMenu />
            </div>
          ) : (
            // Also while the session loads (and in the server's HTML): most visitors are signed out.
            <div className="hidden items-center gap-2 md:flex">
              <Link to="/login" className={buttonClasses('ghost')}>
                Accedi
              </Link>
              <Link to="/register" className={buttonClasses()}>
                Inizia gratis
              </Link>
            </div>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
