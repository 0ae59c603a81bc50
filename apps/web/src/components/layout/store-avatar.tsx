import { cn } from '@/lib/cn';

/** A store's logo, or its first letter on its primary colour. */
export function StoreAvatar({ name, logoUrl, color, className }: { name: string; logoUrl: string | null; color?: string; className?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" className={cn('size-8 rounded-md object-cover', className)} />;
  return (
    <span
      aria-hidden
      className={cn('flex size-8 items-center justify-center rounded-md text-sm font-bold text-white', className)}
      style={{ background: color ?? '#8B5CF6' }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
