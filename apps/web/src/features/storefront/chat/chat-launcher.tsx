import { lazy, Suspense, useEffect, useState } from 'react';
import { MessageCircle, X } from 'lucide-react';

// The panel (session, real-time client, forms) loads on the first tap, never with the page.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** Counts this visitor in the store's "Online" number while the storefront is open (once per browser: lib/realtime sends its visitor id). */
function usePresence(slug: string) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(() => {
      void import('@/lib/realtime').then(({ realtime }) => {
        if (!cancelled) stop = realtime.subscribe({ kind: 'storefront', slug }, () => undefined);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [slug]);
}

/**
 * Bottom-right chat button: live chat for signed-in visitors, the contact form for guests. Above a
 * page's bottom bar when it has one (public.css), so that it never covers a button.
 */
export function ChatLauncher({ slug, storeName }: { slug: string; storeName: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  usePresence(slug);
  return (
    <div data-chat-launcher className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3">
      {used && (
        <Suspense fallback={null}>
          <div hidden={!open}>
            <ChatPanel slug={slug} storeName={storeName} onClose={() => setOpen(false)} />
          </div>
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        aria-expanded={open}
        aria-label={open ? 'Chiudi la chat' : `Scrivi a ${storeName}`}
        className="flex size-14 items-center justify-center rounded-full bg-(--sf-primary) text-(--sf-on-primary) shadow-lg transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-black/30"
      >
        {open ? <X className="size-6" aria-hidden /> : <MessageCircle className="size-6" aria-hidden />}
      </button>
    </div>
  );
}
