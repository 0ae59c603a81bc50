import { cn } from '@/lib/cn';

/** Past steps: small filled dots; current: a wide bar; future: muted dots (spec §2). */
export function StepIndicator({ step, total }: { step: number; total: number }) {
  return (
    <div className="flex items-center gap-3">
      <ol className="flex items-center gap-1.5" aria-hidden>
        {Array.from({ length: total }, (_, i) => (
          <li
            key={i}
            data-state={i < step ? 'past' : i === step ? 'current' : 'future'}
            className={cn(
              'h-2 rounded-full transition-all duration-300',
              i < step && 'w-2 bg-primary',
              i === step && 'w-8 bg-primary',
              i > step && 'w-2 bg-muted-foreground/25',
            )}
          />
        ))}
      </ol>
      <span className="text-xs text-muted-foreground" data-testid="step-counter">
        Passo {step + 1} di {total}
      </span>
    </div>
  );
}
