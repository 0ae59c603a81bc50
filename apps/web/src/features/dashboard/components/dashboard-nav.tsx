import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import {
  Boxes,
  Contact,
  FolderTree,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Package,
  ReceiptText,
  Settings,
  ShoppingCart,
  TicketPercent,
  Undo2,
  Users,
} from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { useSidebarCollapsed } from '@/components/ui/sidebar';
import { useMe } from '@/lib/auth';
import { useUnreadCounts } from '@/lib/use-store-events';
import { cn } from '@/lib/cn';

interface Item {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  end?: boolean;
  badge?: number;
  badgeTestId?: string;
}

function NavItem({ item }: { item: Item }) {
  const collapsed = useSidebarCollapsed();
  const Icon = item.icon;
  const badge = item.badge && item.badge > 0 ? item.badge : null;
  return (
    <Tooltip content={item.label} disabled={!collapsed}>
      <NavLink
        to={item.to}
        end={item.end}
        aria-label={collapsed ? (badge ? `${item.label} (${badge})` : item.label) : undefined}
        className={({ isActive }) =>
          cn(
            'relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            isActive && 'bg-accent text-accent-foreground',
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {!collapsed && <span className="flex-1 truncate">{item.label}</span>}
        {badge &&
          (collapsed ? (
            <span aria-hidden className="absolute right-1 top-1 size-2 rounded-full bg-primary" />
          ) : (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground" data-testid={item.badgeTestId}>
              {badge}
            </span>
          ))}
      </NavLink>
    </Tooltip>
  );
}

/** Sidebar items of spec §2: store-dependent ones only with an active store. */
export function DashboardNav() {
  const { data: me } = useMe();
  const store = me?.activeStore ?? null;
  // Kept live by the dashboard layout's store subscription.
  const unread = useUnreadCounts(store?.id);
  const unreadTotal = (unread.data?.contacts ?? 0) + (unread.data?.chat ?? 0);
  const items: Item[] = [
    { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
    { to: '/dashboard/invitations', label: 'Inviti', icon: Mail, badge: me?.pendingInvitations ?? 0, badgeTestId: 'sidebar-invitations-badge' },
  ];
  if (store) {
    items.push(
      { to: '/dashboard/orders', label: 'Ordini', icon: ShoppingCart },
      { to: '/dashboard/returns', label: 'Resi', icon: Undo2 },
      { to: '/dashboard/customers', label: 'Clienti', icon: Contact },
      { to: '/dashboard/invoices', label: 'Fatture', icon: ReceiptText },
      { to: '/dashboard/messages', label: 'Messaggi', icon: MessageSquare, badge: unreadTotal, badgeTestId: 'sidebar-messages-badge' },
      { to: '/dashboard/products', label: 'Prodotti', icon: Package },
      { to: '/dashboard/inventory', label: 'Inventario', icon: Boxes },
      { to: '/dashboard/categories', label: 'Categorie', icon: FolderTree },
      { to: '/dashboard/discounts', label: 'Codici sconto', icon: TicketPercent },
      { to: '/dashboard/team', label: 'Team', icon: Users },
      { to: `/dashboard/stores/${store.id}/settings`, label: 'Impostazioni', icon: Settings },
    );
  }
  return (
    <>
      {items.map((item) => (
        <NavItem key={item.to} item={item} />
      ))}
    </>
  );
}
