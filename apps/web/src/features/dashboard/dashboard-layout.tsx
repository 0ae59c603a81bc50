import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Sidebar, SidebarProvider } from '@/components/ui/sidebar';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog';
import { useMe } from '@/lib/auth';
import { useStoreEvents } from '@/lib/use-store-events';
import { DashboardNav } from './components/dashboard-nav';
import { SetupBanner } from './components/setup-banner';
import { TopBar } from './components/top-bar';

/** The dashboard shell: top bar, collapsible sidebar, setup banner; pages render in the outlet. */
export function DashboardLayout({ topBarActions }: { topBarActions?: ReactNode }) {
  const { data: me } = useMe();
  // One live subscription for the whole dashboard (the mobile sidebar is not always mounted).
  useStoreEvents(me?.activeStore?.id);
  return (
    <SidebarProvider>
      <div className="min-h-screen bg-muted/40">
        <TopBar actions={topBarActions} />
        {me && me.stores.length === 0 && <SetupBanner />}
        <div className="flex">
          <Sidebar label="Menu della dashboard">
            <DashboardNav />
          </Sidebar>
          <main id="contenuto" className="min-w-0 flex-1 p-4 md:p-8">
            <div className="mx-auto max-w-6xl">
              <Outlet />
            </div>
          </main>
        </div>
      </div>
      <UnsavedChangesDialog />
    </SidebarProvider>
  );
}
