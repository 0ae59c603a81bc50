import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { showFlash } from '@/lib/flash';
import { useMounted } from '@/lib/use-mounted';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toastColors } from '@/lib/toast-colors';

// Loaded after the first paint, keeping sonner out of the entry chunk; toasts raised before it
// mounts are replayed by sonner when the Toaster subscribes.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Providers({ children }: { children: ReactNode }) {
  // Mounted after hydration: server-rendered pages carry no toaster markup.
  const mounted = useMounted();
  // A message from the page before a full page load (e.g. logout), shown once.
  useEffect(() => showFlash(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
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
