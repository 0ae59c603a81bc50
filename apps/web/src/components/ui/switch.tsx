import type { ComponentProps } from 'react';
import { Switch as S } from 'radix-ui';
import { cn } from '@/lib/cn';

type SwitchProps = ComponentProps<typeof S.Root> & {
  /**
   * The state in words beside the switch, 'Attivo' or 'Non attivo' (a grey track alone read as
   * on to merchants). Off for a switch between two named choices, e.g. monthly/annual billing.
   */
  stateLabel?: boolean;
};

export function Switch({ className, stateLabel = true, ...p }: SwitchProps) {
  const root = (
    <S.Root
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors data-[state=checked]:bg-primary',
        className,
      )}
      {...p}
    >
      <S.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg transition-transform data-[state=checked]:translate-x-5" />
    </S.Root>
  );
  if (!stateLabel) return root;
  return (
    <span className="inline-flex shrink-0 items-center gap-2">
      {/* Hidden from screen readers: the switch role already announces on/off. Fixed width: the row does not jump. */}
      <span aria-hidden className="min-w-[4.5rem] text-right text-sm font-medium text-muted-foreground" data-testid="switch-state">
        {p.checked ? 'Attivo' : 'Non attivo'}
      </span>
      {root}
    </span>
  );
}
