import { Outlet } from 'react-router';
import { TopNav } from '@/components/layout/top-nav';
import { SiteFooter } from './site-footer';

export function MarketingLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
