import { lazy, Suspense } from 'react';

// Loaded after the first paint: toasts only follow a shopper's action (sonner replays any raised earlier).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function StoreToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={4000} visibleToasts={3} richColors closeButton />
    </Suspense>
  );
}
