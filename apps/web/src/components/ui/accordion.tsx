import type { ComponentProps } from 'react';
import { Accordion as A } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

export const Accordion = A.Root;
export const AccordionItem = ({ className, ...p }: ComponentProps<typeof A.Item>) => <A.Item className={cn('border-b', className)} {...p} />;
export function AccordionTrigger({ className, children, ...p }: ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn('flex flex-1 items-center justify-between py-4 text-left font-medium hover:underline [&[data-state=open]>svg]:rotate-180', className)}
        {...p}
      >
        {children}
        <ChevronDown aria-hidden className="size-4 shrink-0 transition-transform" />
      </A.Trigger>
    </A.Header>
  );
}
export const AccordionContent = ({ className, children, ...p }: ComponentProps<typeof A.Content>) => (
  <A.Content className="overflow-hidden text-sm text-muted-foreground" {...p}>
    <div className={cn('pb-4', className)}>{children}</div>
  </A.Content>
);
