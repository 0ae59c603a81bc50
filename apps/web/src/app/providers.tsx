import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { freshProof } from '@/lib/fresh-proof';
import { showFlash } from '@/lib/flash';
import { useMounted } from '@/lib/use-mounted';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toastColors } from '@/lib/toast-colors';

// Loaded after the first paint, keeping sonner out of the entry chunk; toasts raised before it
// mounts are replayed by sonner when the Toaster subscribes.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// 'Conferma la tua identità' loads only when a change asks for it (lib/fresh-proof.ts).
const FreshProofDialog = lazy(() =>
  import('@/features/auth/components/fresh-proof-dialog').then(
    (m): { default: ComponentType } => m,
    (): { default: ComponentType } => {
      // Without the dialog the change cannot be proved: it fails with its message.
      freshProof.settle(false);
      return { default: () => null };
    },
  ),
);

/** Shows the dialog while the API client waits for a proof; subscribing is what lets the client ask. */
function FreshProofHost() {
  const question = useSyncExternalStore(freshProof.subscribe, freshProof.current, () => null);
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <FreshProofDialog />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  // Mounted after hydration: server-rendered pages carry no toaster markup.
  const mounted = useMounted();
  // A message from the page before a full page load (e.g. logout), shown once.
  useEffect(() => showFlash(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        {mounted && <FreshProofHost />}
      </AuthProvider>
      {mounted && (
        <Suspense fallback={null}>
          {/* Bottom right: the top bar's controls ('Visita Store', the account menu) stay free. The
              offset keeps toasts above a form's 'Salva' buttons: the sticky bars on phones, and on
              wider screens the buttons at a form's end, which the click scrolled to the bottom edge. */}
          <Toaster
            position="bottom-right"
            offset={{ bottom: 80 }}
            mobileOffset={{ bottom: 80 }}
            // sonner sets its own system font stack; toasts read in the platform's font.
            style={{ fontFamily: 'inherit', ...toastColors }}
            duration={4000}
            visibleToasts={3}
            richColors
            closeButton
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
