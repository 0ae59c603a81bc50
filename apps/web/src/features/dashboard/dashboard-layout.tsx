import { Outlet } from 'react-router';
import { Logo } from '@/components/layout/top-nav';
import { AccountMenu } from '@/components/layout/account-menu';

/** Minimal shell until the full dashboard shell (sidebar, switcher) lands with the stores issue. */
export function DashboardLayout() {
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="sticky top-0 z-40 flex h-14 items-center justify-between border-b bg-background px-4">
        <Logo />
        <AccountMenu />
      </header>
      <main className="mx-auto max-w-6xl p-4 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
