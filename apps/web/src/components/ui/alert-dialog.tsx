import type { ReactNode } from 'react';
import { AlertDialog as AD } from 'radix-ui';
import { buttonClasses } from './button';

/**
 * Asks before an action that is hard to take back: destructive by default; `tone="default"` for one
 * that is not a deletion (marking an order paid). With `trigger` it opens itself; without, the
 * caller opens it (`open` / `onOpenChange`), e.g. after a choice in a select.
 */
export function ConfirmDialog(props: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'destructive';
  onConfirm: () => void;
}) {
  return (
    <AD.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <AD.Trigger asChild>{props.trigger}</AD.Trigger>}
      <AD.Portal>
        <AD.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AD.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-xl">
          <AD.Title className="text-lg font-semibold">{props.title}</AD.Title>
          <AD.Description className="text-sm text-muted-foreground">{props.description}</AD.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AD.Cancel className={buttonClasses('outline')}>{props.cancelLabel ?? 'Annulla'}</AD.Cancel>
            <AD.Action className={buttonClasses(props.tone ?? 'destructive')} onClick={props.onConfirm}>
              {props.confirmLabel ?? 'Elimina'}
            </AD.Action>
          </div>
        </AD.Content>
      </AD.Portal>
    </AD.Root>
  );
}
