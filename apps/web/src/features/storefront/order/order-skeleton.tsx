import clsx from 'clsx';
import { useStorefront } from '../store-context';

/** The order page's shape while the order loads (also what the server renders: the order is never read there). */
export function OrderSkeleton() {
  const { theme } = useStorefront();
  const box = clsx('animate-pulse bg-black/5', theme.panel, 'shadow-none ring-0');
  return (
    <div role="status" aria-label="Caricamento dell’ordine…">
      <div aria-hidden className="space-y-8">
        <div className="space-y-3">
          <div className="h-9 w-56 animate-pulse rounded bg-black/5" />
          <div className="h-4 w-40 animate-pulse rounded bg-black/5" />
          <div className="flex gap-2">
            <div className="h-6 w-24 animate-pulse rounded-full bg-black/5" />
            <div className="h-6 w-20 animate-pulse rounded-full bg-black/5" />
          </div>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem] lg:gap-10">
          <div className="space-y-6">
            <div className={clsx(box, 'h-56')} />
            <div className={clsx(box, 'h-64')} />
          </div>
          <div className="space-y-6">
            <div className={clsx(box, 'h-36')} />
            <div className={clsx(box, 'h-48')} />
          </div>
        </div>
      </div>
    </div>
  );
}
