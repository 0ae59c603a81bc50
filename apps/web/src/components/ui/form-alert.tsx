import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A refusal that concerns the whole form (a limit reached, a conflict): stays until the next try. */
export function FormAlert({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('flex items-start gap-2 rounded-md border border-destructive/30 bg-red-50 p-3 text-sm text-destructive', className)}>
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}
