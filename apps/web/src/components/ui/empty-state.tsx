import type { ComponentType, ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { Button } from './button';

/** Every list's empty state names what is missing and offers the next action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-background p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}

/** A list that could not be loaded: the reason (or 'Riprova più tardi') and a button that loads it again. */
export function LoadErrorState({
  icon,
  title,
  error,
  onRetry,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  error: unknown;
  onRetry: () => unknown;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={errorMessage(error, 'Riprova più tardi')}
      action={
        <Button variant="outline" onClick={() => void onRetry()}>
          Riprova
        </Button>
      }
    />
  );
}
