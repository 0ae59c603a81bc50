import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Sidebar, SidebarProvider } from '@/components/ui/sidebar';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog';
import { useMe } from '@/lib/auth';
import { useStoreEvents } from '@/lib/use-store-events';
import { RequireTwoStep, useTwoStepShortfall } from '@/lib/two-step-requirement';
import { DashboardNav } from './components/dashboard-nav';
import { SetupBanner } from './components/setup-banner';
import { TopBar } from './components/top-bar';

/** The dashboard shell: top bar, collapsible sidebar, setup banner; pages render in the outlet. */
export function DashboardLayout({ topBarActions }: { topBarActions?: ReactNode }) {
  const { data: me } = useMe();
  const heldBack = useTwoStepShortfall();
  // One live subscription for the whole dashboard (the mobile sidebar is not always mounted); none
  // to a store that would refuse this session for want of a second factor.
  const active = me?.activeStore;
  useStoreEvents(active && !heldBack.some((s) => s.id === active.id) ? active.id : undefined);
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
              <RequireTwoStep>
                <Outlet />
              </RequireTwoStep>
            </div>
          </main>
        </div>
      </div>
      <UnsavedChangesDialog />
    </SidebarProvider>
  );
}
