import type { ComponentProps } from 'react';
import { DropdownMenu as DM } from 'radix-ui';
import { cn } from '@/lib/cn';

/**
 * Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden) while
 * its links stay focusable, which axe rightly reports. Focus still moves into the menu and returns.
 */
export const DropdownMenu = ({ modal = false, ...p }: ComponentProps<typeof DM.Root>) => <DM.Root modal={modal} {...p} />;
export const DropdownMenuTrigger = DM.Trigger;
export const DropdownMenuGroup = DM.Group;

export function DropdownMenuContent({ className, sideOffset = 6, ...p }: ComponentProps<typeof DM.Content>) {
  return (
    <DM.Portal>
      <DM.Content
        sideOffset={sideOffset}
        className={cn('z-50 min-w-56 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-lg', className)}
        {...p}
      />
    </DM.Portal>
  );
}
export function DropdownMenuItem({ className, ...p }: ComponentProps<typeof DM.Item>) {
  return (
    <DM.Item
      className={cn(
        'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4',
        className,
      )}
      {...p}
    />
  );
}
export const DropdownMenuLabel = ({ className, ...p }: ComponentProps<typeof DM.Label>) => (
  <DM.Label className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...p} />
);
export const DropdownMenuSeparator = ({ className, ...p }: ComponentProps<typeof DM.Separator>) => (
  <DM.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...p} />
);
