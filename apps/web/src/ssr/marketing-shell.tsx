import { MarketingLayout } from '@/features/marketing/components/marketing-layout';
import { Providers } from '@/app/providers';

/** The public site's layout: the platform's session and data providers around the marketing layout. */
export default function MarketingShell() {
  return (
    <Providers>
      <MarketingLayout />
    </Providers>
  );
}
