import type { ReactNode } from 'react';
import { AlertDialog as AD } from 'radix-ui';
import { buttonClasses } from './button';

/**
 * Asks before an action that is hard to take back but not a deletion (marking an order paid): the
 * same dialog as ConfirmDialog, with the confirm button in the tone the action calls for.
 */
export function ConfirmActionDialog(props: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'destructive';
  onConfirm: () => void;
}) {
  return (
    <AD.Root>
      <AD.Trigger asChild>{props.trigger}</AD.Trigger>
      <AD.Portal>
        <AD.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AD.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-xl">
          <AD.Title className="text-lg font-semibold">{props.title}</AD.Title>
          <AD.Description className="text-sm text-muted-foreground">{props.description}</AD.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AD.Cancel className={buttonClasses('outline')}>Annulla</AD.Cancel>
            <AD.Action className={buttonClasses(props.tone ?? 'default')} onClick={props.onConfirm}>
              {props.confirmLabel}
            </AD.Action>
          </div>
        </AD.Content>
      </AD.Portal>
    </AD.Root>
  );
}
