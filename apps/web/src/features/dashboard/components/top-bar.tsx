import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Logo } from '@/components/layout/top-nav';
import { AccountMenu } from '@/components/layout/account-menu';
import { buttonClasses } from '@/components/ui/button';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { useMe } from '@/lib/auth';

/** Product name, sidebar toggle, 'Visita Store' for the active store, account menu (spec §2). */
export function TopBar({ actions }: { actions?: ReactNode }) {
  const { data: me } = useMe();
  const store = me?.activeStore ?? null;
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-2 sm:px-4">
      <SidebarTrigger />
      <Logo />
      <div className="ml-auto flex items-center gap-2">
        {store && (
          <a
            href={`/store/${store.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
            aria-label="Visita Store (si apre in una nuova scheda)"
          >
            <ExternalLink aria-hidden />
            <span className="hidden sm:inline">Visita Store</span>
          </a>
        )}
        {/* Composed by the app (features do not import each other): the notifications bell. */}
        {actions}
        <AccountMenu />
      </div>
    </header>
  );
}
