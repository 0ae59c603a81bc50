import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The outcome card of a page that consumes a mailed one-time link. */
export function TokenResult({
  state,
  title,
  message,
  action,
}: {
  state: 'pending' | 'success' | 'error';
  title: string;
  message?: ReactNode;
  action: { to: string; label: string };
}) {
  if (state === 'pending')
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  const Icon = state === 'success' ? CheckCircle2 : XCircle;
  return (
    <div className="space-y-4 text-center" role={state === 'error' ? 'alert' : 'status'}>
      <Icon className={state === 'success' ? 'mx-auto size-12 text-emerald-600' : 'mx-auto size-12 text-destructive'} aria-hidden />
      <p className="font-semibold">{title}</p>
      {message && <p className="text-sm text-muted-foreground">{message}</p>}
      <Link to={action.to} className={buttonClasses()}>
        {action.label}
      </Link>
    </div>
  );
}
