import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** The outcome of opening an invitation link: always ends with a way to the dashboard. */
export function AcceptanceCard({
  state,
  title,
  message,
  extra,
}: {
  state: 'pending' | 'success' | 'error';
  title?: string;
  message?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-violet-50 to-background px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        <CardContent className="p-8">
          {state === 'pending' ? (
            <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
              <Spinner label="Accettazione dell'invito in corso…" />
              <p>Stiamo accettando l'invito…</p>
            </div>
          ) : (
            <div className="space-y-4 text-center" role={state === 'error' ? 'alert' : 'status'}>
              {state === 'success' ? (
                <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden />
              ) : (
                <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
              )}
              <h1 className="text-xl font-semibold">{title}</h1>
              {message && <p className="text-sm text-muted-foreground">{message}</p>}
              <div className="flex flex-col items-center gap-2">
                <Link to="/dashboard" className={buttonClasses()}>
                  Vai alla Dashboard
                </Link>
                {extra}
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
