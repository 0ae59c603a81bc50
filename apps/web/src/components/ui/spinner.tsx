import { Loader2 } from 'lucide-react';

// No cn() here: the spinner is in the entry chunk every page loads (storefront included), and
// tailwind-merge would add ~8 KB gzip to it. Size and colour default only when none is given.
export function Spinner({ className = 'size-6 text-primary', label = 'Caricamento…' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden className={`animate-spin ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
