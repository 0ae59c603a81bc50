import clsx from 'clsx';
import type { PublicStore } from '@vetrina/shared';

/** The store's logo, or its initial on the primary colour when it has none. */
export function StoreLogo({ store, className }: { store: PublicStore; className?: string }) {
  if (store.logoUrl) {
    return <img src={store.logoUrl} alt="" width={48} height={48} className={clsx('shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span aria-hidden className={clsx('flex shrink-0 items-center justify-center rounded-full bg-(--sf-primary) font-bold text-(--sf-on-primary)', className)}>
      {store.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
