import { lazy, Suspense, useEffect, useState } from 'react';
import { toastColors } from '@/lib/toast-colors';
import { onFirstToast } from '../notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The storefront's toasts: mounted with the first one (never in the server's HTML or at hydration).
 * At the bottom centre: top right they covered the cart button just when 'Aggiunto al carrello!'
 * invites the shopper to open it (and a hovered toast never times out); bottom right is the chat's.
 */
export function StoreToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-center" duration={4000} visibleToasts={3} richColors closeButton style={toastColors} />
    </Suspense>
  );
}
