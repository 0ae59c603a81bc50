import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PanelLeft } from 'lucide-react';
import { LIMITS } from '@vetrina/shared';
import { Sheet, SheetContent, SheetTitle } from './sheet';
import { Button } from './button';
import { TooltipProvider } from './tooltip';
import { cn } from '@/lib/cn';

export const SIDEBAR_COOKIE = 'sidebar_state';
const COOKIE_MAX_AGE = LIMITS.sidebarCookieDays * 24 * 60 * 60;
const MOBILE_QUERY = `(max-width: ${LIMITS.mobileBreakpoint - 1}px)`;

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export function useIsMobile() {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const on = () => setMobile(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return mobile;
}

interface SidebarState {
  /** Desktop: expanded (true) or collapsed to icons (false); kept in a cookie for 7 days. */
  open: boolean;
  /** Under 768 px the sidebar is a sheet instead. */
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used inside SidebarProvider');
  return ctx;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) return setOpenMobile((o) => !o);
    setOpenState((o) => {
      document.cookie = `${SIDEBAR_COOKIE}=${String(!o)}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
      return !o;
    });
  }, [isMobile]);

  // Ctrl+B (Cmd+B on a Mac) toggles the sidebar from anywhere in the dashboard.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'b' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, isMobile, openMobile, setOpenMobile, toggle }), [open, isMobile, openMobile, toggle]);
  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={200}>{children}</TooltipProvider>
    </SidebarContext.Provider>
  );
}

/** Desktop: a column that collapses to icons. Mobile: the same content in a sheet from the left. */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="w-72 p-4" aria-describedby={undefined}>
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <nav aria-label={label} className="flex flex-col gap-1 pt-6" onClick={(e) => (e.target as HTMLElement).closest('a') && setOpenMobile(false)}>
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto border-r bg-background transition-[width] duration-200 md:block',
        open ? 'w-60' : 'w-14',
      )}
    >
      <nav aria-label={label} className="flex flex-col gap-1 p-2">
        {children}
      </nav>
    </aside>
  );
}

/** True when item labels should be hidden (desktop, collapsed). */
export function useSidebarCollapsed() {
  const { open, isMobile } = useSidebar();
  return !isMobile && !open;
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={expanded ? 'Comprimi menu laterale' : 'Espandi menu laterale'}
      aria-expanded={expanded}
      aria-keyshortcuts="Control+B Meta+B"
      title="Menu laterale (Ctrl/Cmd+B)"
      className={className}
      data-testid="sidebar-trigger"
    >
      <PanelLeft aria-hidden />
    </Button>
  );
}
