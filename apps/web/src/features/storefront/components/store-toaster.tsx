import { lazy, Suspense } from 'react';
import { useMounted } from '@/lib/use-mounted';

// Loaded after the first paint: toasts only follow a shopper's action (sonner replays any raised earlier).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function StoreToaster() {
  // Only in the browser, after hydration: server-rendered pages carry no toaster markup.
  if (!useMounted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={4000} visibleToasts={3} richColors closeButton />
    </Suspense>
  );
}
