import type { ReactNode } from 'react';
import clsx from 'clsx';
import { PackageSearch } from 'lucide-react';
import { useStorefront } from '../store-context';
import { StoreButton } from './ui';

/** The grid's skeleton in the theme's own columns and frames, so nothing jumps when products arrive. */
export function ProductsLoading({ count = 8 }: { count?: number }) {
  const { theme } = useStorefront();
  return (
    <div role="status" aria-label="Caricamento dei prodotti…">
      <div className={theme.grid} aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="space-y-3">
            <div className={clsx('animate-pulse bg-black/5', theme.frame)} />
            <div className="h-4 w-3/4 animate-pulse rounded bg-black/5" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-black/5" />
          </div>
        ))}
      </div>
    </div>
  );
}

interface MessageProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The message is the whole page (not found, cannot load): its title is the page's h1. */
  pageTitle?: boolean;
}

export function ProductsMessage({ title, children, action, pageTitle }: MessageProps) {
  const Title = pageTitle ? 'h1' : 'p';
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <PackageSearch aria-hidden className="size-10 opacity-40" />
      <Title className="text-lg font-semibold">{title}</Title>
      {children && <p className="max-w-md text-sm opacity-75">{children}</p>}
      {action}
    </div>
  );
}

export function ProductsError({ onRetry, pageTitle }: { onRetry: () => void; pageTitle?: boolean }) {
  return (
    <ProductsMessage
      pageTitle={pageTitle}
      title="Impossibile caricare i prodotti"
      action={
        <StoreButton tone="outline" onClick={onRetry}>
          Riprova
        </StoreButton>
      }
    >
      Controlla la connessione e riprova.
    </ProductsMessage>
  );
}
