import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError, errorMessage } from '@/lib/api';

/** An edit page whose item could not be loaded: "not found" for a 404, else the reason, and a way back. */
export function ItemLoadError(props: {
  error: unknown;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  notFoundTitle: string;
  failedTitle: string;
  back: { to: string; label: string };
}) {
  const missing = props.error instanceof ApiError && props.error.status === 404;
  return (
    <EmptyState
      icon={props.icon}
      title={missing ? props.notFoundTitle : props.failedTitle}
      description={missing ? undefined : errorMessage(props.error, 'Riprova più tardi')}
      action={
        <Link to={props.back.to} className={buttonClasses('outline')}>
          {props.back.label}
        </Link>
      }
    />
  );
}
