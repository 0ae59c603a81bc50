import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { can, type StoreSummary } from '@vetrina/shared';
import { ibanChangeMsg } from '@vetrina/shared/iban-change';
import { formatDateTime } from '@/lib/format';
import { useIbanChangeNotice } from '../api';

/**
 * 'L'IBAN è stato modificato il … da …': for seven days after the store's IBAN changed, its owners
 * and admins see it above the orders, so a takeover that redirects bank transfers is noticed.
 */
export function IbanChangeBanner({ store }: { store: Pick<StoreSummary, 'id' | 'role' | 'isOwner'> }) {
  const notice = useIbanChangeNotice(store.id, can(store, 'store:settings')).data;
  if (!notice) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="iban-change">
      <ShieldAlert className="size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="[overflow-wrap:anywhere]">{ibanChangeMsg.banner(formatDateTime(notice.changedAt), notice.changedBy)}</p>
        <Link to={`/dashboard/stores/${store.id}/settings/pagamenti`} className="font-medium text-primary underline-offset-4 hover:underline">
          {ibanChangeMsg.bannerLink}
        </Link>
      </div>
    </div>
  );
}
