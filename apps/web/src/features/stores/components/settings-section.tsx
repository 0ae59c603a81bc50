import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';

export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

interface LoadedProps<T> {
  title: string;
  description?: string;
  query: UseQueryResult<T>;
  /** Shown when the settings cannot be read, beside 'Riprova'. */
  errorText: string;
  /** Placeholder rows while loading. */
  placeholders?: number;
  children: (data: T) => ReactNode;
}

/** A settings card whose form needs its own request: placeholders while it loads, the reason and 'Riprova' when it fails. */
export function LoadedSettingsSection<T>({ title, description, query, errorText, placeholders = 3, children }: LoadedProps<T>) {
  return (
    <SettingsSection title={title} description={description}>
      {query.isPending ? (
        <div className="grid gap-4" aria-busy>
          {Array.from({ length: placeholders }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
          <p role="alert" className="text-sm">
            {errorMessage(query.error, errorText)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Riprova
          </Button>
        </div>
      ) : (
        children(query.data)
      )}
    </SettingsSection>
  );
}
