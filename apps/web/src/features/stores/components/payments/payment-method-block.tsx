import { useId, type ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

/**
 * One payment method: its name, a switch ('Attivo' / 'Non attivo') and its fields. The fields fold away while the
 * method is off (their values are kept), unless one of them has an error to show.
 */
export function PaymentMethodBlock({
  title,
  description,
  badge,
  enabled,
  onEnabledChange,
  showFields,
  testId,
  children,
}: {
  title: string;
  description: string;
  badge?: ReactNode;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  showFields: boolean;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const switchId = useId();
  const fieldsId = useId();
  const descriptionId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('rounded-lg border p-3 sm:p-4', enabled && 'border-primary/40 bg-primary/[0.03]')} data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold">
            {title}
          </h3>
          {badge}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Switch
            id={switchId}
            checked={enabled}
            onCheckedChange={onEnabledChange}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            aria-controls={showFields ? fieldsId : undefined}
          />
        </div>
      </div>
      <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
        {description}
      </p>
      {showFields && (
        <div id={fieldsId} className="mt-4 grid gap-4 border-t pt-4">
          {children}
        </div>
      )}
    </section>
  );
}
