import type { StoreColors } from '@vetrina/shared';
import { cn } from '@/lib/cn';

const LABELS: Record<keyof StoreColors, string> = { primary: 'Primario', secondary: 'Secondario', accent: 'Accento' };

/** The three store colours as small circles, each named for screen readers. */
export function ColorSwatches({ colors, className, size = 'size-5' }: { colors: StoreColors; className?: string; size?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      {(Object.keys(LABELS) as Array<keyof StoreColors>).map((k) => (
        <span
          key={k}
          role="img"
          aria-label={`${LABELS[k]} ${colors[k]}`}
          title={`${LABELS[k]} ${colors[k]}`}
          className={cn('inline-block rounded-full border border-black/10', size)}
          style={{ background: colors[k] }}
        />
      ))}
    </span>
  );
}
