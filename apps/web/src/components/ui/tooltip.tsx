import type { ReactNode } from 'react';
import { Tooltip as T } from 'radix-ui';

export const TooltipProvider = T.Provider;

/** A short label shown on hover and keyboard focus (the trigger keeps its own accessible name). */
export function Tooltip({
  content,
  side = 'right',
  children,
  disabled,
}: {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactNode;
  disabled?: boolean;
}) {
  if (disabled) return <>{children}</>;
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content side={side} sideOffset={6} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md">
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
