import type { ComponentProps } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

export const Sheet = D.Root;
export const SheetTrigger = D.Trigger;
export const SheetClose = D.Close;
export const SheetTitle = ({ className, ...p }: ComponentProps<typeof D.Title>) => <D.Title className={cn('text-lg font-semibold', className)} {...p} />;
export const SheetDescription = D.Description;

export function SheetContent({ side = 'right', className, children, ...p }: ComponentProps<typeof D.Content> & { side?: 'left' | 'right' }) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <D.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-full w-[85vw] max-w-sm flex-col gap-4 bg-background p-6 shadow-xl',
          side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
          className,
        )}
        {...p}
      >
        {children}
        <D.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label="Chiudi">
          <X className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
